/**
 * Stands in for @vitejs/plugin-vue: single-file components compiled with the project's own
 * `vue/compiler-sfc` (script and `<script setup>`, template to a render function, scoped and plain styles),
 * and in dev registered with Vue's HMR runtime so an edit re-renders the component in place.
 */
import type { FrameworkPlugin } from './plugins';
import { compileScript, TransformError, type TransformContext } from './transform';

interface SfcBlock {
  content: string;
  lang?: string;
  scoped?: boolean;
}

interface SfcDescriptor {
  script: SfcBlock | null;
  scriptSetup: SfcBlock | null;
  template: SfcBlock | null;
  styles: SfcBlock[];
}

interface CompilerError {
  message: string;
  loc?: { start: { line: number; column: number } };
}

interface CompilerSfc {
  parse(source: string, options: { filename: string }): { descriptor: SfcDescriptor; errors: CompilerError[] };
  compileScript(descriptor: SfcDescriptor, options: Record<string, unknown>): { content: string; bindings?: unknown };
  compileTemplate(options: Record<string, unknown>): { code: string; errors: (CompilerError | string)[] };
  compileStyle(options: Record<string, unknown>): { code: string; errors: Error[] };
  rewriteDefault(source: string, as: string, plugins?: string[]): string;
}

function hashId(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 33) ^ text.charCodeAt(i);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function fail(ctx: TransformContext, file: string, error: CompilerError | string | Error): never {
  const urlPath = file.slice(ctx.host.root === '/' ? 0 : ctx.host.root.length);
  const message = typeof error === 'string' ? error : error.message;
  const loc = typeof error === 'object' && 'loc' in error ? error.loc : undefined;
  throw new TransformError(`${urlPath}: ${message}`, urlPath, loc?.start.line, loc ? loc.start.column : undefined, undefined, 'vite:vue');
}

function compileSfc(ctx: TransformContext, sfc: CompilerSfc, source: string, file: string, lastScripts: Map<string, string>): { code: string; lang: 'ts' | 'js' } {
  const { descriptor, errors } = sfc.parse(source, { filename: file });
  if (errors[0]) fail(ctx, file, errors[0]);
  const id = hashId(file.slice(ctx.host.root.length));
  const scoped = descriptor.styles.some((style) => style.scoped);
  const lang = (descriptor.scriptSetup ?? descriptor.script)?.lang === 'ts' ? 'ts' : 'js';
  const parts: string[] = [];
  let bindings: unknown;
  if (descriptor.script || descriptor.scriptSetup) {
    const script = sfc.compileScript(descriptor, { id, isProd: !ctx.dev, sourceMap: false });
    bindings = script.bindings;
    parts.push(sfc.rewriteDefault(script.content, '_sfc_main', lang === 'ts' ? ['typescript'] : []));
  } else {
    parts.push('const _sfc_main = {};');
  }
  if (descriptor.template) {
    const template = sfc.compileTemplate({
      source: descriptor.template.content,
      filename: file,
      id,
      scoped,
      isProd: !ctx.dev,
      compilerOptions: { bindingMetadata: bindings, scopeId: scoped ? `data-v-${id}` : undefined },
    });
    if (template.errors[0]) fail(ctx, file, template.errors[0]);
    parts.push(template.code.replace(/\nexport (function|const) render\b/, '\n$1 _sfc_render'), '_sfc_main.render = _sfc_render;');
  }
  if (scoped) parts.push(`_sfc_main.__scopeId = ${JSON.stringify(`data-v-${id}`)};`);
  const css = descriptor.styles.map((style) => {
    const compiled = sfc.compileStyle({ source: style.content, filename: file, id: `data-v-${id}`, scoped: Boolean(style.scoped), isProd: !ctx.dev });
    if (compiled.errors[0]) fail(ctx, file, compiled.errors[0]);
    return compiled.code;
  });
  if (css.length > 0) {
    const text = JSON.stringify(css.join('\n'));
    parts.unshift(
      ctx.dev
        ? `import { updateStyle as __vite__updateStyle } from "${ctx.config.urlBase}@vite/client";\n__vite__updateStyle(${JSON.stringify(`vue-${id}`)}, ${text});`
        : `document.head.appendChild(Object.assign(document.createElement('style'), { textContent: ${text} }));`,
    );
  }
  if (ctx.dev) {
    // A change to the template alone re-renders the live instances, keeping their state; one to the script
    // or styles re-creates them, as @vitejs/plugin-vue does.
    const scriptKey = JSON.stringify([descriptor.script?.content, descriptor.scriptSetup?.content, css]);
    const templateOnly = lastScripts.get(file) === scriptKey;
    lastScripts.set(file, scriptKey);
    // The callback that runs is the previous version's, so the new version says which of the two it needs.
    parts.push(
      `_sfc_main.__hmrId = ${JSON.stringify(id)};`,
      `export const _rerender_only = ${templateOnly};`,
      `typeof __VUE_HMR_RUNTIME__ !== 'undefined' && __VUE_HMR_RUNTIME__.createRecord(_sfc_main.__hmrId, _sfc_main);`,
      'import.meta.hot.accept((mod) => { if (!mod) return; const { default: updated, _rerender_only } = mod; if (_rerender_only) __VUE_HMR_RUNTIME__.rerender(updated.__hmrId, updated.render); else __VUE_HMR_RUNTIME__.reload(updated.__hmrId, updated); });',
    );
  }
  parts.push('export default _sfc_main;');
  return { code: parts.join('\n'), lang };
}

export function vuePlugin(): FrameworkPlugin {
  const lastScripts = new Map<string, string>();
  return {
    name: 'vite:vue',
    extensions: ['.vue'],
    deps: ['vue'],
    async transform(ctx, source, file) {
      const sfc = ctx.host.require('vue/compiler-sfc') as CompilerSfc;
      const { code, lang } = compileSfc(ctx, sfc, source, file, lastScripts);
      return compileScript(ctx, code, file, lang);
    },
  };
}
