/**
 * A style change as Tailwind classes: the classes that set the same property are taken out and one class with
 * the new value goes in (arbitrary values, `text-[#1d4ed8]`, so any colour or size the panel offers has a class).
 */
import type { StyleEdit } from './style-edit';

const SIZES = /^text-(xs|sm|base|lg|[2-9]?xl|\[\d+(\.\d+)?(px|rem|em)\])$/;
const ALIGNS = /^text-(left|center|right|justify|start|end)$/;
const WEIGHTS = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;

/** Which existing classes each property replaces (a variant such as `hover:` or `md:` is left alone). */
const REPLACES: { [K in keyof StyleEdit]-?: (name: string) => boolean } = {
  text: () => false,
  color: (name) => name.startsWith('text-') && !SIZES.test(name) && !ALIGNS.test(name) && !/^text-(wrap|nowrap|balance|pretty|ellipsis|clip)$/.test(name),
  background: (name) =>
    /^bg-/.test(name) &&
    !/^bg-(fixed|local|scroll|clip-|origin-|repeat|no-repeat|cover|contain|auto|center|top|bottom|left|right|none|linear-|gradient-)/.test(name),
  fontSize: (name) => SIZES.test(name),
  fontWeight: (name) => WEIGHTS.test(name),
  padding: (name) => /^p[xytrblse]?-/.test(name),
  textAlign: (name) => ALIGNS.test(name),
};

function classFor(property: keyof StyleEdit, edit: StyleEdit): string | null {
  switch (property) {
    case 'color':
      return edit.color ? `text-[${edit.color}]` : null;
    case 'background':
      return edit.background ? `bg-[${edit.background}]` : null;
    case 'fontSize':
      return edit.fontSize !== undefined ? `text-[${edit.fontSize}px]` : null;
    case 'fontWeight':
      return edit.fontWeight ? `font-${edit.fontWeight}` : null;
    case 'padding':
      return edit.padding !== undefined ? `p-[${edit.padding}px]` : null;
    case 'textAlign':
      return edit.textAlign ? `text-${edit.textAlign}` : null;
    case 'text':
      return null;
  }
}

/** The class list with the edit's properties replaced, the other classes kept in their order. */
export function editClassList(classes: string, edit: StyleEdit): string {
  let names = classes.split(/\s+/).filter(Boolean);
  for (const property of Object.keys(REPLACES) as (keyof StyleEdit)[]) {
    const added = classFor(property, edit);
    if (!added) continue;
    names = names.filter((name) => !REPLACES[property](name));
    names.push(added);
  }
  return names.join(' ');
}
