import { describe, expect, it } from 'vitest';
import { suggestMode } from '@/lib/agent/mode-heuristic';

describe('suggestMode', () => {
  it.each([
    ['fix the typo in README.md', 'fast'],
    ['rename the variable count to total', 'fast'],
    ['change the title in index.html to "My App"', 'fast'],
    ['add a comment above the main function', 'fast'],
    ['change the greeting to Howdy', 'fast'],
    ['quick refactor: extract a function for the price calculation', 'fast'],
    ['make the button color blue in src/App.css', 'fast'],
    ['plan a migration from Express to Fastify', 'deep'],
    ['design the architecture for a multi-tenant SaaS', 'deep'],
    ['debug why the dev server crashes on reload', 'deep'],
    ['investigate the memory leak in the websocket handler', 'deep'],
    ['add auth to the frontend, the api and the database', 'deep'],
    ['rewrite the whole app in TypeScript', 'deep'],
    ['make a Vite React todo app and run it', 'balanced'],
    ['make a tiny hello server', 'balanced'],
    ['add a /ping route to the express server', 'balanced'],
    ['write tests for the cart reducer', 'balanced'],
    ['', 'balanced'],
  ] as const)('%s → %s', (prompt, mode) => {
    expect(suggestMode(prompt)).toBe(mode);
  });
});
