/** What the direct-edit panel changes on an element, checked where it comes in (the panel's form). */
import { z } from 'zod';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb');

export const styleEditSchema = z
  .object({
    text: z.string().max(2000).optional(),
    color: hexColour.optional(),
    background: hexColour.optional(),
    fontSize: z.number().int().min(6).max(200).optional(),
    fontWeight: z.enum(['normal', 'medium', 'semibold', 'bold']).optional(),
    padding: z.number().int().min(0).max(200).optional(),
    textAlign: z.enum(['left', 'center', 'right']).optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), 'nothing to change');
export type StyleEdit = z.infer<typeof styleEditSchema>;

const WEIGHT_VALUES: Record<NonNullable<StyleEdit['fontWeight']>, number> = { normal: 400, medium: 500, semibold: 600, bold: 700 };

/** The edit's styles as CSS properties in React's camelCase, with their values as CSS writes them. */
export function cssProperties(edit: StyleEdit): [string, string | number][] {
  const entries: [string, string | number | undefined][] = [
    ['color', edit.color],
    ['backgroundColor', edit.background],
    ['fontSize', edit.fontSize === undefined ? undefined : `${edit.fontSize}px`],
    ['fontWeight', edit.fontWeight === undefined ? undefined : WEIGHT_VALUES[edit.fontWeight]],
    ['padding', edit.padding === undefined ? undefined : `${edit.padding}px`],
    ['textAlign', edit.textAlign],
  ];
  return entries.filter((entry): entry is [string, string | number] => entry[1] !== undefined);
}

/** `fontSize` → `font-size`: the edit's keys as CSS writes them. */
export const cssName = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The edit's styles as CSS property names and values (`font-size`, `18px`). */
export const cssDeclarations = (edit: StyleEdit): [string, string][] => cssProperties(edit).map(([key, value]) => [cssName(key), String(value)]);

/** A static `style` attribute's text with the edit's declarations set in it (an existing one takes the new value). */
export function mergeStyleText(existing: string, edit: StyleEdit): string {
  const declarations = new Map<string, string>();
  for (const declaration of existing.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
  for (const [key, value] of cssDeclarations(edit)) declarations.set(key, value);
  return [...declarations].map(([key, value]) => `${key}: ${value}`).join('; ');
}
