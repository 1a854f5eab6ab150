import type { Template, TemplateId } from '@/lib/workspace/templates/types';

/** What a template picker shows of a template: no files, so it can be handed to the light launcher page. */
export interface TemplateOption {
  id: TemplateId;
  name: string;
  description: string;
}

/** "Empty" first: the picker reads as "nothing, or one of these starters". */
export function templateOptions(templates: readonly Template[]): TemplateOption[] {
  return [...templates].sort((a, b) => (a.id === 'empty' ? -1 : b.id === 'empty' ? 1 : 0)).map(({ id, name, description }) => ({ id, name, description }));
}

export function templateName(options: readonly TemplateOption[], id: string): string {
  return options.find((option) => option.id === id)?.name ?? id;
}
