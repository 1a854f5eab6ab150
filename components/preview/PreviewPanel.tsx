'use client';

import { useEffect, useState } from 'react';
import { DEVICE_SIZES, frameUrl, selectedUrl, shownPath, type DeviceSize } from '@/lib/preview/preview-model';
import { AddressField } from './AddressField';
import { listenForPreviewPopups } from '../../lib/preview/preview-popups';
import { newTabUrl, PREVIEW_SANDBOX } from '@/lib/preview/preview-window';
import type { PreviewController } from './usePreviewState';
import { useElementPicking } from './useElementPicking';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import type { ElementAttachment } from '@/lib/chat/element-attachment';
import styles from './preview.module.css';

interface PreviewPanelProps {
  preview: PreviewController;
  /** Offered next to the last error: hands it to the agent. */
  onFix?: (errorText: string) => void;
  /** An element the user picked with "Select element", for the chat's next message. */
  onElementPicked?: (picked: ElementAttachment) => void;
}

const PREVIEW_FRAME_TITLE = 'Preview';

/** The live preview iframe (there is one per page), for whoever drives the page: computer use. */
export function findPreviewFrame(): HTMLIFrameElement | null {
  return document.querySelector<HTMLIFrameElement>(`iframe[title="${PREVIEW_FRAME_TITLE}"]`);
}

export function PreviewPanel({ preview, onFix, onElementPicked }: PreviewPanelProps) {
  const [state, dispatch] = preview;
  const [device, setDevice] = useState<DeviceSize>('desktop');
  const url = selectedUrl(state);
  const src = frameUrl(state);
  const lastError = state.errors.at(-1);
  const size = DEVICE_SIZES[device];
  // The preview's own pages it opened in new windows: said here, with a link in case the browser blocked it.
  const [popup, setPopup] = useState<{ url: string; windowUrl: string } | null>(null);
  useEffect(() => listenForPreviewPopups(findPreviewFrame, (opened, windowUrl) => setPopup({ url: opened, windowUrl })), []);
  const picker = useElementPicking(findPreviewFrame, onElementPicked);
  useCommandHandler('preview.selectElement', () => {
    if (url) picker.toggle();
  });

  return (
    <div className={styles.preview}>
      <div className={styles.toolbar} role="toolbar" aria-label="Preview controls">
        <button type="button" onClick={() => dispatch({ type: 'reload' })} disabled={!url} aria-label="Reload preview" title="Reload preview">
          ⟳
        </button>
        <button
          type="button"
          onClick={() => url && window.open(newTabUrl(url, window.location.href), '_blank', 'noopener')}
          disabled={!url}
          aria-label="Open preview in new tab"
          title="Open preview in new tab"
        >
          ↗
        </button>
        {onElementPicked && (
          <button
            type="button"
            onClick={picker.toggle}
            disabled={!url}
            aria-label="Select element"
            aria-pressed={picker.picking}
            aria-keyshortcuts="Control+Shift+E"
            title="Select element (Ctrl+Shift+E): click an element in the page, or use the arrow keys and Enter; Esc cancels"
            className={picker.picking ? styles.picking : undefined}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.4">
              <path d="M2 6V2h4 M10 2h4v4 M14 10v4h-4 M6 14H2v-4 M6.5 6.5l5 2-2 1-1 2z" />
            </svg>
          </button>
        )}
        <AddressField
          ports={state.ports.map((p) => p.port)}
          port={state.selectedPort}
          root={url}
          path={shownPath(state, state.path)}
          onSelectPort={(port) => dispatch({ type: 'select', port })}
          onGo={(path) => dispatch({ type: 'navigate', path })}
        />
        <div role="radiogroup" aria-label="Device size" className={styles.devices}>
          {(Object.keys(DEVICE_SIZES) as DeviceSize[]).map((key) => (
            <label key={key} className={device === key ? styles.deviceActive : undefined} title={deviceTitle(key)}>
              <input type="radio" name="preview-device" value={key} checked={device === key} onChange={() => setDevice(key)} />
              <DeviceIcon device={key} />
              <span className={styles.visuallyHidden}>{DEVICE_SIZES[key].label}</span>
            </label>
          ))}
        </div>
      </div>

      {lastError && (
        <div role="alert" className={styles.error}>
          <p className={styles.errorText}>
            <strong>The preview reported {state.errors.length === 1 ? 'an error' : `${state.errors.length} errors`}:</strong> <code>{lastError.message}</code>
          </p>
          <div className={styles.errorActions}>
            {onFix && (
              <button
                type="button"
                onClick={() => onFix(`The preview reported an error: ${lastError.message}${lastError.stack ? `\n${lastError.stack}` : ''}`)}
              >
                Fix with agent
              </button>
            )}
            <button type="button" onClick={() => dispatch({ type: 'dismiss-errors' })}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      {picker.picking && (
        <p role="status" className={styles.notice}>
          Point at an element in the page and click it (or move with the arrow keys and press Enter). Esc cancels.
        </p>
      )}
      {picker.problem && (
        <p role="alert" className={styles.notice}>
          Could not start selecting: {picker.problem}
        </p>
      )}

      {popup && (
        <p role="status" className={styles.notice}>
          The page opened {pageOf(popup.url)} in a preview window.{' '}
          <a href={popup.windowUrl} target="_blank" rel="noopener">
            Open it again
          </a>{' '}
          <button type="button" onClick={() => setPopup(null)}>
            Dismiss
          </button>
        </p>
      )}

      {state.stuck && !state.stuck.halted && (
        <p role="status" className={styles.notice}>
          The page stopped responding (a script that never yields?) and was loaded again in a fresh browser process.
        </p>
      )}

      <div className={styles.stage}>
        {url && state.stuck?.halted ? (
          <div role="alert" className={styles.empty}>
            <p>
              <strong>The page stopped responding again as it loaded,</strong> so it is not loaded again on its own: a script in it may loop without end. The
              server and the IDE are fine. Fix the page, then reload it.
            </p>
            <button type="button" onClick={() => dispatch({ type: 'reload' })}>
              Load the page again
            </button>
          </div>
        ) : url ? (
          <iframe
            key={`${src}#${state.reloadKey}`}
            title={PREVIEW_FRAME_TITLE}
            src={src ?? undefined}
            // Lets a cross-origin preview be cross-origin isolated too (SharedArrayBuffer, as WebContainer's own frame has).
            allow="cross-origin-isolated"
            sandbox={PREVIEW_SANDBOX}
            className={styles.frame}
            style={size.width ? { width: size.width, height: size.height, flex: 'none' } : undefined}
          />
        ) : (
          <div className={styles.empty}>
            <p>
              <strong>No server is running.</strong> Start one in the terminal (for example <code>node server.js</code>) and its page appears here as soon as
              its port opens.
            </p>
            {lastError && (
              <p>
                Last error: <code>{lastError.message}</code>
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A preview URL as the page's own path and query (`/about?x=1`), without the runtime's `/__virtual__/<port>`. */
function pageOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname.replace(/^\/__virtual__\/\d+/, '') || '/'}${search}`;
}

function deviceTitle(device: DeviceSize): string {
  const { label, width, height } = DEVICE_SIZES[device];
  return width ? `${label} (${width}×${height})` : `${label} (fill the pane)`;
}

/** Outlines of a phone, a tablet and a monitor: the device size buttons' faces (their names are text). */
function DeviceIcon({ device }: { device: DeviceSize }) {
  const shapes: Record<DeviceSize, string> = {
    phone: 'M5.5 1.5h5v13h-5z M7.5 12.5h1',
    tablet: 'M3 1.5h10v13H3z M7.5 12.5h1',
    desktop: 'M1.5 2.5h13v9h-13z M6 14.5h4 M8 11.5v3',
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.2">
      <path d={shapes[device]} />
    </svg>
  );
}
