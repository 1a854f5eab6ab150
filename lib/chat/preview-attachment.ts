'use client';

/**
 * "Attach preview": a screenshot of what the preview shows now, taken through the preview bridge (the same
 * capture computer use and preview_check make), as an image part for the next message.
 */
import type { FileUIPart } from 'ai';
import { findPreviewFrame } from '@/components/preview/PreviewPanel';
import { createPreviewComputer } from '@/lib/computer-use/preview-computer';

export async function capturePreview(): Promise<{ part: FileUIPart; bytes: number }> {
  const computer = createPreviewComputer(findPreviewFrame, { timeoutMs: 8000 });
  try {
    // JPEG when the PNG is large: the image travels with every later request of the conversation.
    const shot = await computer.screenshot({ allowJpeg: true });
    const extension = shot.mimeType === 'image/jpeg' ? 'jpg' : 'png';
    const bytes = Math.floor((shot.base64.length * 3) / 4);
    return { part: { type: 'file', mediaType: shot.mimeType, filename: `preview.${extension}`, url: `data:${shot.mimeType};base64,${shot.base64}` }, bytes };
  } finally {
    await computer.close();
  }
}
