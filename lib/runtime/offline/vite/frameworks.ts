/** The framework plugins this dev server stands in for, registered by the vite plugin package they replace. */
import { registerFrameworkPlugin } from './plugins';
import { sveltePlugin } from './svelte';
import { vuePlugin } from './vue';

registerFrameworkPlugin('@sveltejs/vite-plugin-svelte', sveltePlugin);
registerFrameworkPlugin('@vitejs/plugin-vue', vuePlugin);
