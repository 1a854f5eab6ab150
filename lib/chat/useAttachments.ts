'use client';

/**
 * The images waiting in the composer: added from the file picker, a paste, a drop or the preview, each
 * checked against the limits the route enforces, so a refusal is a sentence beside the composer rather than
 * a failed request.
 */
import type { FileUIPart } from 'ai';
import { useCallback, useRef, useState } from 'react';
import { attachProblem } from '@/lib/agent/attachments';

export interface Attachment {
  id: string;
  part: FileUIPart;
  bytes: number;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function useAttachments() {
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Checks run against what is already attached, including files added earlier in the same batch.
  const current = useRef<Attachment[]>([]);
  const nextId = useRef(0);

  const commit = (next: Attachment[]) => {
    current.current = next;
    setItems(next);
  };

  const add = useCallback((part: FileUIPart, bytes: number, name: string): boolean => {
    const problem = attachProblem({ name, type: part.mediaType, size: bytes }, current.current);
    if (problem) {
      setError(problem);
      return false;
    }
    commit([...current.current, { id: `a${++nextId.current}`, part, bytes }]);
    return true;
  }, []);

  const addFiles = useCallback(
    async (files: Iterable<File>) => {
      setError(null);
      for (const file of files) {
        // Checked before reading: a 50 MB file is refused without loading it.
        const problem = attachProblem(file, current.current);
        if (problem) {
          setError(problem);
          continue;
        }
        try {
          const url = await readAsDataUrl(file);
          add({ type: 'file', mediaType: file.type, filename: file.name || 'pasted-image', url }, file.size, file.name);
        } catch (caught) {
          setError(`${file.name} could not be read: ${caught instanceof Error ? caught.message : String(caught)}`);
        }
      }
    },
    [add],
  );

  const remove = useCallback((id: string) => {
    commit(current.current.filter((item) => item.id !== id));
    setError(null);
  }, []);

  const clear = useCallback(() => {
    commit([]);
    setError(null);
  }, []);

  return { items, error, setError, add, addFiles, remove, clear };
}
