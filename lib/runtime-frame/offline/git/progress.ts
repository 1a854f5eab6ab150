/**
 * Transfer progress as git prints it on stderr: the server's own lines prefixed "remote: ", and local phases
 * as "Receiving objects:  45% (9/20)", redrawn in place with a carriage return a few times a second on a
 * terminal and closed with ", done.". Into a pipe or a file only the finished lines are written, as git
 * leaves out progress that nobody watches.
 */
import type { GitProgressEvent, MessageCallback, ProgressCallback } from 'isomorphic-git';
import type { CommandIO } from '../process';
import { writeError } from './repo';

/** isomorphic-git's phase names → git's. Phases it derives from the server's lines are shown as those lines. */
const LOCAL_PHASES: Record<string, string> = {
  'Receiving objects': 'Receiving objects',
  'Resolving deltas': 'Resolving deltas',
  'Updating workdir': 'Updating files',
};

const REDRAW_MS = 250;

/**
 * The server's note on an empty pack. isomorphic-git asks for the branch tips even when it has them (git asks
 * for nothing then), so an up-to-date fetch would otherwise print a line git never shows.
 */
const EMPTY_PACK = /^Total 0 \(delta 0\)/;

export interface Reporter {
  onProgress: ProgressCallback;
  onMessage: MessageCallback;
  /** Closes the phase being drawn (", done."); call once the transfer has finished. */
  done(): void;
}

function counts(loaded: number, total: number): string {
  const percent = total > 0 ? Math.floor((loaded * 100) / total) : 100;
  return `${String(percent).padStart(3)}% (${loaded}/${total})`;
}

export function reporter(io: CommandIO, quiet = false): Reporter {
  const live = io.stderrIsTerminal !== false;
  let phase: { label: string; total: number; drawnAt: number } | null = null;
  const finish = () => {
    if (phase) writeError(io, `${phase.label}: ${counts(phase.total, phase.total)}, done.\n`);
    phase = null;
  };
  return {
    onProgress: (event: GitProgressEvent) => {
      const label = LOCAL_PHASES[event.phase];
      if (quiet || label === undefined || !(event.total > 0)) return;
      if (phase?.label !== label) {
        finish();
        phase = { label, total: event.total, drawnAt: 0 };
      }
      phase.total = event.total;
      const now = Date.now();
      if (!live || now - phase.drawnAt < REDRAW_MS) return;
      phase.drawnAt = now;
      writeError(io, `${label}: ${counts(event.loaded, event.total)}\r`);
    },
    onMessage: (message: string) => {
      if (quiet || message === '' || EMPTY_PACK.test(message)) return;
      const redrawn = message.endsWith('\r');
      if (redrawn && !live) return;
      writeError(io, `remote: ${redrawn || message.endsWith('\n') ? message : `${message}\n`}`);
    },
    done: () => {
      if (!quiet) finish();
    },
  };
}
