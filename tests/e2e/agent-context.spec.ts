import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_CONTEXT_BUDGET } from '@/lib/agent/context/budget';
import { MAX_CHAT_BODY_BYTES } from '@/lib/agent/messages';
import { LONG_SESSION, replaySession, turnPrompt } from '../../bench/lib/long-session.mjs';
import { agent, chooseMode, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { openIde } from './support/ide';
import { treeItem } from './support/workspace';

/**
 * A long session against the replay model: 4 turns of 10 model steps in Deep mode, 36 fs_writeFile calls
 * writing 10 MB in total. Generated (bench/lib/long-session.mjs) into the replay folder for this run only,
 * since a 10 MB recording does not belong in the repository.
 */
const SESSION_FILE = join('tests/e2e/fixtures/replay', 'zz-long-context.generated.json');

test.describe('bounded agent context', () => {
  test.beforeAll(() => writeFileSync(SESSION_FILE, JSON.stringify(replaySession())));
  test.afterAll(() => unlinkSync(SESSION_FILE));

  test('a 40-step session writing 10 MB stays under the budget, compacts, shows usage and still answers at the end', async ({ page }) => {
    test.setTimeout(8 * 60_000);
    const sizes: number[] = [];
    const statuses: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ai') sizes.push(request.postDataBuffer()?.byteLength ?? 0);
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/ai')) statuses.push(response.status());
    });

    await openIde(page);
    await chooseMode(page, 'Deep');
    for (let turn = 0; turn < LONG_SESSION.turns; turn++) {
      await sendPrompt(page, turnPrompt(turn));
      await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText(`Batch ${turn + 1} written`, { timeout: 3 * 60_000 });
      await waitForAgentIdle(page);
    }

    expect(sizes).toHaveLength(LONG_SESSION.turns * LONG_SESSION.stepsPerTurn);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET.maxBytes);
    expect(Math.max(...sizes)).toBeLessThan(MAX_CHAT_BODY_BYTES / 10);
    // The model was answered step by step through the end: its last step's text is in the chat.
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText('Batch 4 written: 9 files.');
    await expect(treeItem(page, 'gen')).toBeVisible();
    await expect(conversation(page).getByRole('note').filter({ hasText: 'Context compacted' }).first()).toBeVisible();
    await expect(conversation(page).getByLabel('Token usage').last()).toContainText(/Tokens: [\d,]+ in · [\d,]+ out/);
    await expect(agent(page).getByRole('alert')).toHaveCount(0);
    const shots = process.env.TABSMITH_SHOTS_DIR;
    if (shots) {
      await conversation(page).getByRole('note').filter({ hasText: 'Context compacted' }).last().scrollIntoViewIfNeeded();
      await agent(page).screenshot({ path: join(shots, 'agent-context-compacted.png') });
    }
  });
});
