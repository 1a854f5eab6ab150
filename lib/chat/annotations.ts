/**
 * Marks drawn over a screenshot of the preview before it is sent: boxes, arrows and notes, in the image's own
 * pixels. Drawn with the canvas API in one colour that stands out on most pages, with a white edge so it shows
 * on red too.
 */
export type Point = { x: number; y: number };
export type Mark = { kind: 'box'; from: Point; to: Point } | { kind: 'arrow'; from: Point; to: Point } | { kind: 'note'; at: Point; text: string };
export type MarkKind = Mark['kind'];

const INK = '#e11d48';
const EDGE = '#ffffff';

function stroke(context: CanvasRenderingContext2D, width: number, path: () => void): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const [colour, extra] of [
    [EDGE, 2],
    [INK, 0],
  ] as const) {
    context.strokeStyle = colour;
    context.lineWidth = width + extra;
    context.beginPath();
    path();
    context.stroke();
  }
}

function drawArrow(context: CanvasRenderingContext2D, from: Point, to: Point, width: number): void {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const head = width * 5;
  stroke(context, width, () => {
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    for (const side of [-1, 1]) {
      context.moveTo(to.x, to.y);
      context.lineTo(to.x - head * Math.cos(angle + side * 0.5), to.y - head * Math.sin(angle + side * 0.5));
    }
  });
}

function drawNote(context: CanvasRenderingContext2D, at: Point, text: string, size: number): void {
  context.font = `600 ${size}px system-ui, sans-serif`;
  const width = context.measureText(text).width;
  const pad = size * 0.35;
  context.fillStyle = INK;
  context.fillRect(at.x, at.y, width + pad * 2, size + pad * 2);
  context.fillStyle = EDGE;
  context.textBaseline = 'top';
  context.fillText(text, at.x + pad, at.y + pad);
}

/** Draws `marks` over what the context holds; `scale` is the image's pixels per CSS pixel of the page. */
export function drawMarks(context: CanvasRenderingContext2D, marks: readonly Mark[], scale = 1): void {
  const width = Math.max(2, Math.round(3 * scale));
  for (const mark of marks) {
    if (mark.kind === 'box') {
      const x = Math.min(mark.from.x, mark.to.x);
      const y = Math.min(mark.from.y, mark.to.y);
      stroke(context, width, () => context.rect(x, y, Math.abs(mark.to.x - mark.from.x), Math.abs(mark.to.y - mark.from.y)));
    } else if (mark.kind === 'arrow') {
      drawArrow(context, mark.from, mark.to, width);
    } else {
      drawNote(context, mark.at, mark.text, Math.round(16 * scale));
    }
  }
}

/** What the marks are, in words, for the message and for people who cannot see the picture. */
export function describeMarks(marks: readonly Mark[]): string {
  const count = (kind: MarkKind) => marks.filter((mark) => mark.kind === kind).length;
  const parts = [
    count('box') && `${count('box')} box${count('box') > 1 ? 'es' : ''}`,
    count('arrow') && `${count('arrow')} arrow${count('arrow') > 1 ? 's' : ''}`,
    ...marks.filter((mark): mark is Extract<Mark, { kind: 'note' }> => mark.kind === 'note').map((note) => `the note “${note.text}”`),
  ].filter(Boolean);
  return parts.length > 0 ? `The preview, marked with ${parts.join(', ')}` : 'The preview';
}
