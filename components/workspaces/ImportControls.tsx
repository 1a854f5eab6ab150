'use client';

import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import styles from './workspaces.module.css';

interface ImportButtonsProps {
  /** Non-null while an import runs: the buttons are disabled meanwhile. */
  progress: string | null;
  onZip: (file: File) => void;
  onFolder: (files: FileList) => void;
  /** Opens "Import from Git". */
  onGit: () => void;
}

/** "Import zip", "Import folder" (with their hidden file inputs) and "Import from Git". */
export function ImportButtons({ progress, onZip, onFolder, onGit }: ImportButtonsProps) {
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const busy = progress !== null;

  return (
    <>
      <button type="button" disabled={busy} onClick={() => zipInput.current?.click()}>
        Import zip
      </button>
      <button type="button" disabled={busy} onClick={() => folderInput.current?.click()}>
        Import folder
      </button>
      <button type="button" disabled={busy} onClick={onGit}>
        Import from Git
      </button>
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        aria-label="Zip file to import"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // picking the same file again must fire change again
          if (file) onZip(file);
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          // React has no typed prop for it; set it on the element so the picker selects folders.
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        aria-label="Folder to import"
        hidden
        onChange={(e) => {
          const files = e.target.files;
          if (files && files.length > 0) onFolder(files);
          e.target.value = '';
        }}
      />
    </>
  );
}

/** Accepts a dropped .zip or folder anywhere inside it; shows the hint while something is dragged over. */
export function DropZone({ onDrop, children, disabled }: { onDrop: (transfer: DataTransfer) => void; children: ReactNode; disabled?: boolean }) {
  const [over, setOver] = useState(false);
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

  return (
    <div
      className={over ? `${styles.dropZone} ${styles.dropping}` : styles.dropZone}
      onDragOver={(e) => {
        if (!hasFiles(e) || disabled) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e) || disabled) return;
        e.preventDefault();
        setOver(false);
        onDrop(e.dataTransfer);
      }}
    >
      {children}
      <p className={styles.dropHint}>Drop a .zip or a folder here</p>
    </div>
  );
}
