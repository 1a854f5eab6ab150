/**
 * The app the computer-use e2e drives, and how the test gets it into the IDE: a zip built here and imported
 * from the launcher ("Import zip"), then `node server.js` in the terminal, as a person would.
 *
 * Layout, so the recorded session (tests/e2e/fixtures/computer-use/todo.json, Gemini's 0–999 grid, which the
 * adapters scale by the live viewport) lands on it at any preview size. Heights are in vh; at a 1000×600
 * viewport this is exactly the page the session was recorded on:
 * - the "New todo" input spans the full width from 5vh to 15vh (centre 10vh = 60 px; the fixture types at y 100/1000);
 * - todos are prepended, one 9vh row each from 17vh (the first row's centre ≈ 21.5vh = 130 px; the fixture
 *   clicks y 217/1000); the whole row is the checkbox's label, so a click anywhere on it toggles the checkbox,
 *   which sits at x 22–38 (centre 30; the fixture clicks x 30/1000, which is ~12 px in a 400 px preview);
 * - 100 archived notes below make the page scroll;
 * - "Next page" is `position: fixed` at left 16 px, bottom 16 px, 240×48 px; its hit area (a ::before) reaches
 *   the viewport's left and bottom edges, because the fixture clicks (40, 955)/1000, which is x ≈ 16 px in a
 *   400 px wide preview, right on the link's edge.
 * The input is "React-controlled": its value lives in `state.draft`, updated only from `input` events, and
 * every render writes the DOM value back from state (a value set without an input event is lost).
 * The link is relative ("next.html"): the offline runtime serves the preview under /__virtual__/<port>/, where
 * an absolute "/next.html" would leave the preview.
 */
import { zipSync, strToU8 } from 'fflate';
import { writeFileSync } from 'node:fs';
import { expect, type FrameLocator, type Locator, type Page, type TestInfo } from '@playwright/test';
import { region } from './ide';
import { terminal } from './terminal';
import { importZip } from './workspace';

const TODO_APP_INDEX = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Todos</title>
<style>
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { font: 16px/1.4 system-ui, sans-serif; background: #fff; color: #111; }
  /* Heights in vh: the recorded session's 0–999 grid scales with the preview's size, so the layout does too. */
  header { height: 17vh; padding: 0 16px; }
  header label { display: block; height: 5vh; line-height: 5vh; font-weight: 600; overflow: visible; white-space: nowrap; }
  #new { display: block; width: 100%; height: 10vh; min-height: 24px; margin: 0; padding: 0 10px; font: inherit; border: 1px solid #888; }
  #todos { list-style: none; margin: 0; padding: 0; }
  #todos li { height: 9vh; min-height: 28px; }
  #todos label { display: flex; align-items: center; gap: 10px; height: 100%; padding-left: 22px; cursor: pointer; }
  #todos input { width: 16px; height: 16px; margin: 0; }
  #todos .done { text-decoration: line-through; color: #666; }
  main h2 { margin: 16px; font-size: 18px; }
  #archive li { height: 30px; }
  #next { position: fixed; left: 16px; bottom: 16px; z-index: 10; width: 240px; height: 48px; line-height: 48px;
    text-align: center; background: #1f6feb; color: #fff; border-radius: 6px; text-decoration: none; font-weight: 600; }
  /* The link's hit area reaches the viewport's left and bottom edges (a generous target, as apps give buttons). */
  #next::before { content: ''; position: absolute; left: -16px; bottom: -16px; top: 0; right: 0; }
</style>
</head>
<body>
<header>
  <form id="form" aria-label="Add a todo">
    <label for="new">New todo</label>
    <input id="new" name="new" autocomplete="off">
  </form>
</header>
<main>
  <ul id="todos" aria-label="Todos"></ul>
  <h2>Archive</h2>
  <ol id="archive" aria-label="Archive"></ol>
</main>
<a id="next" href="next.html">Next page</a>
<script>
  // State lives in JS, like a React component's: the input shows state.draft, set only from input events.
  const state = { draft: '', todos: [] };
  const form = document.getElementById('form');
  const input = document.getElementById('new');
  const list = document.getElementById('todos');

  function render() {
    if (input.value !== state.draft) input.value = state.draft;
    list.replaceChildren(
      ...state.todos.map((todo, index) => {
        const li = document.createElement('li');
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.checked = todo.done;
        box.addEventListener('change', () => {
          state.todos[index] = { ...todo, done: box.checked };
          render();
        });
        const text = document.createElement('span');
        text.textContent = todo.text;
        if (todo.done) text.className = 'done';
        label.append(box, text);
        li.append(label);
        return li;
      }),
    );
    window.__todoState = { draft: state.draft, todos: state.todos.map((t) => ({ ...t })) };
  }

  // An empty draft adds nothing, so Enter handled twice (keydown and the form's submit) adds one todo.
  function add() {
    const text = state.draft.trim();
    if (!text) return;
    state.todos = [{ text, done: false }, ...state.todos];
    state.draft = '';
    render();
  }

  input.addEventListener('input', () => {
    state.draft = input.value;
    render();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    add();
  });

  const archive = document.getElementById('archive');
  for (let i = 1; i <= 100; i++) {
    const li = document.createElement('li');
    li.textContent = 'Archived note ' + i;
    archive.append(li);
  }
  render();
</script>
</body>
</html>
`;

const TODO_APP_NEXT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Second page</title></head>
<body style="margin: 0; font: 16px system-ui, sans-serif">
<h1 style="margin: 16px">Second page</h1>
<p style="margin: 16px"><a href="./">Back to the todos</a></p>
</body>
</html>
`;

const TODO_APP_SERVER = `const http = require('http');
const fs = require('fs');
const path = require('path');

const files = { '/': 'index.html', '/index.html': 'index.html', '/next.html': 'next.html' };

http
  .createServer((req, res) => {
    const pathname = new URL(req.url, 'http://localhost').pathname;
    const name = files[pathname];
    if (!name) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain');
      res.end('Not found: ' + pathname);
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(fs.readFileSync(path.join(__dirname, name), 'utf8'));
  })
  .listen(3000, () => console.log('todo app on port 3000'));
`;

/** Writes the app as a zip (what "Import zip" takes); the workspace is named after the file. */
export function writeTodoAppZip(zipPath: string): void {
  const zip = zipSync({
    'index.html': strToU8(TODO_APP_INDEX),
    'next.html': strToU8(TODO_APP_NEXT),
    'server.js': strToU8(TODO_APP_SERVER),
    'package.json': strToU8(JSON.stringify({ name: 'todo-app', private: true, scripts: { start: 'node server.js' } }, null, 2) + '\n'),
  });
  writeFileSync(zipPath, zip);
}

/** From the launcher: imports the app's zip, waits for the workspace, starts the server, waits for the preview. */
export async function openTodoApp(page: Page, zipPath: string): Promise<void> {
  await importZip(page, zipPath);
  const shell = terminal(page, 1);
  await shell.waitForPrompt();
  await shell.start('node server.js');
  await expect(previewFrame(page).getByRole('textbox', { name: 'New todo' })).toBeVisible({ timeout: 30_000 });
}

const previewFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Preview"]');

export function previewIframe(page: Page): Locator {
  return region(page, 'Preview').locator('iframe[title="Preview"]');
}

/** The Computer use panel: the "Computer use" tab next to the chat in the Agent column. */
async function openComputerUse(page: Page): Promise<Locator> {
  const agent = region(page, 'Agent');
  await agent.getByRole('tab', { name: 'Computer use' }).click();
  const panel = agent.getByRole('tabpanel', { name: 'Computer use' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The preview's scroll offset, path and the app's own state, read inside the frame. */
export async function appState(page: Page): Promise<{ scrollY: number; path: string; todos: { text: string; done: boolean }[] }> {
  const frame = await (await previewIframe(page).elementHandle())?.contentFrame();
  if (!frame) throw new Error('the preview iframe has no frame');
  return frame.evaluate(() => {
    const w = window as unknown as { __todoState?: { todos: { text: string; done: boolean }[] } };
    return { scrollY: window.scrollY, path: location.pathname, todos: w.__todoState?.todos ?? [] };
  });
}

/** The todo app served in the preview, the computer-use panel open, a session started with `instructions`. */
export async function startTodoSession(page: Page, testInfo: TestInfo, instructions: string) {
  testInfo.setTimeout(180_000);
  const zip = testInfo.outputPath('todo-app.zip');
  writeTodoAppZip(zip);
  await openTodoApp(page, zip);
  const panel = await openComputerUse(page);
  await panel.getByRole('textbox', { name: 'Instructions for the computer-use agent' }).fill(instructions);
  await panel.getByRole('button', { name: 'Start' }).click();
  return { frame: previewFrame(page), panel, status: panel.getByRole('status', { name: 'Computer-use status' }) };
}
