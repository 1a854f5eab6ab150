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
