import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT_TIMEOUT_MS, agent, conversation, sendPrompt, waitForAgentIdle } from './support/chat';
import { openTodoApp, writeTodoAppZip } from './support/computer-use';
import { openIde } from './support/ide';

/**
 * Several conversations per workspace and images in the chat, with the replay model
 * (TABSMITH_MODEL_PROVIDER=replay): a prompt no recording matches is answered with a sentence saying so,
 * which also lists the files (images) the model received, so the test sees what reached the model.
 */

// A 2×2 PNG, red.
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const switcher = (page: Page): Locator => agent(page).getByRole('combobox', { name: 'Conversation' });
const conversations = (page: Page): Locator => agent(page).getByRole('group', { name: 'Conversations' });
const youSaid = (page: Page): Locator => conversation(page).getByRole('article', { name: 'You' });

/** The user's messages of the open conversation, in order. */
async function expectUserMessages(page: Page, texts: string[]): Promise<void> {
  await expect(youSaid(page)).toHaveCount(texts.length);
  for (const [i, text] of texts.entries()) await expect(youSaid(page).nth(i).getByText(text, { exact: true })).toBeVisible();
}

async function reloadIde(page: Page): Promise<void> {
  await page.reload();
  await expect(switcher(page)).toBeVisible({ timeout: 30_000 });
}

test.describe('conversations', () => {
  test('two conversations keep their own messages across switching and reload; rename and delete', async ({ page }) => {
    await openIde(page);
    await sendPrompt(page, 'first conversation: the header');
    await waitForAgentIdle(page);

    await conversations(page).getByRole('button', { name: 'New conversation' }).click();
    await expect(youSaid(page)).toHaveCount(0);
    await sendPrompt(page, 'second conversation: the footer');
    await waitForAgentIdle(page);
    await expect(switcher(page).getByRole('option')).toHaveText(['first conversation: the header', 'second conversation: the footer']);

    await switcher(page).selectOption({ label: 'first conversation: the header' });
    await expectUserMessages(page, ['first conversation: the header']);

    // The conversation open last is the one a reload shows.
    await reloadIde(page);
    await expectUserMessages(page, ['first conversation: the header']);
    await expect(switcher(page)).toHaveValue(/.+/);
    await switcher(page).selectOption({ label: 'second conversation: the footer' });
    await expectUserMessages(page, ['second conversation: the footer']);
    await expect(conversation(page).getByRole('article', { name: 'Agent' })).toContainText('No recorded session matches "second conversation');

    await conversations(page).getByRole('button', { name: 'Rename' }).click();
    const name = conversations(page).getByRole('textbox', { name: 'Conversation name' });
    await name.fill('Footer work');
    await name.press('Enter');
    await expect(switcher(page).getByRole('option')).toHaveText(['first conversation: the header', 'Footer work']);
    await reloadIde(page);
    await expect(switcher(page).getByRole('option', { selected: true })).toHaveText('Footer work');

    await conversations(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the conversation “Footer work”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(switcher(page).getByRole('option')).toHaveCount(2);
    await conversations(page).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(switcher(page).getByRole('option')).toHaveText(['first conversation: the header']);
    await expectUserMessages(page, ['first conversation: the header']);
    await reloadIde(page);
    await expect(switcher(page).getByRole('option')).toHaveText(['first conversation: the header']);
  });

  test('a running turn keeps its conversation: switching, starting and deleting wait until it ends', async ({ page }) => {
    await openIde(page);
    // The run's second step is held at the network, so the run is certainly still going while the test looks.
    let requests = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai', async (route) => {
      if (++requests === 2) await held;
      await route.continue().catch(() => undefined);
    });
    await sendPrompt(page, 'count to ten');
    await expect(conversation(page).getByRole('group', { name: 'run.sh echo step 1', exact: true })).toContainText('done', {
      ignoreCase: true,
      timeout: AGENT_TIMEOUT_MS,
    });
    const bar = conversations(page);
    await expect(bar.getByRole('button', { name: 'New conversation' })).toBeDisabled();
    await expect(bar.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(switcher(page)).toBeDisabled();
    await expect(bar).toContainText('The agent is working in this conversation');

    await agent(page).getByRole('button', { name: 'Stop', exact: true }).click();
    release();
    await waitForAgentIdle(page);
    await expect(bar.getByRole('button', { name: 'New conversation' })).toBeEnabled();
    await expect(bar).not.toContainText('The agent is working in this conversation');
    await bar.getByRole('button', { name: 'New conversation' }).click();
    await expect(youSaid(page)).toHaveCount(0);
  });
});

test.describe('images in the chat', () => {
  test('images picked and pasted show as thumbnails, reach the model with the message, and stay after a reload', async ({ page }) => {
    await openIde(page);
    const composer = agent(page).getByRole('form', { name: 'Message the agent' });
    const thumbnails = composer.getByRole('list', { name: 'Attached images' });

    // Too large: refused with the reason, nothing attached.
    await composer.getByLabel('Attach image').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024) });
    await expect(composer.getByRole('alert')).toHaveText('huge.png is 2 MB; an image may be at most 1 MB.');
    await expect(thumbnails).toHaveCount(0);

    await composer.getByLabel('Attach image').setInputFiles({ name: 'bug.png', mimeType: 'image/png', buffer: RED_PNG });
    await expect(thumbnails.getByRole('img', { name: 'bug.png' })).toBeVisible();
    await expect(composer.getByRole('alert')).toHaveCount(0);

    // A paste of an image (a screenshot from the clipboard) into the message box.
    const box = composer.getByRole('textbox', { name: 'Message the agent' });
    const pasteImage = () =>
      box.evaluate((element, base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, RED_PNG.toString('base64'));
    await pasteImage();
    await expect(thumbnails.getByRole('img')).toHaveCount(2);

    // Removing one and adding it back: the remove buttons work.
    await thumbnails.getByRole('button', { name: 'Remove pasted.png' }).click();
    await expect(thumbnails.getByRole('img')).toHaveCount(1);
    await pasteImage();
    await expect(thumbnails.getByRole('img')).toHaveCount(2);

    await sendPrompt(page, 'what is wrong in these screenshots?');
    await expect(thumbnails).toHaveCount(0);
    const sent = youSaid(page).last();
    await expect(sent.getByRole('img', { name: 'Attached image bug.png' })).toBeVisible();
    await expect(sent.getByRole('img', { name: 'Attached image pasted.png' })).toBeVisible();
    // The replay model names what it received: both images, as PNG file parts of the user message.
    const answer = conversation(page).getByRole('article', { name: 'Agent' }).last();
    await expect(answer).toContainText('The prompt holds 2 files: image/png bug.png', { timeout: AGENT_TIMEOUT_MS });
    await expect(answer).toContainText('image/png pasted.png');
    await waitForAgentIdle(page);

    await reloadIde(page);
    await expect(youSaid(page).last().getByRole('img', { name: 'Attached image bug.png' })).toBeVisible();
  });

  test('Attach preview attaches a screenshot of the running app', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const zip = testInfo.outputPath('todo-app.zip');
    writeTodoAppZip(zip);
    await openTodoApp(page, zip);
    const composer = agent(page).getByRole('form', { name: 'Message the agent' });
    await composer.getByRole('button', { name: 'Attach preview' }).click();
    const thumbnail = composer.getByRole('list', { name: 'Attached images' }).getByRole('img', { name: /^preview\.(png|jpg)$/ });
    await expect(thumbnail).toBeVisible({ timeout: 30_000 });
    // A real picture of the preview, not a blank: the image decodes at the screenshot's size.
    const size = await thumbnail.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(size.width).toBeGreaterThan(200);
    expect(size.height).toBeGreaterThan(100);

    await sendPrompt(page, 'does the todo list look right?');
    await expect(conversation(page).getByRole('article', { name: 'Agent' }).last()).toContainText(/The prompt holds 1 file: image\/(png|jpeg) preview/, {
      timeout: AGENT_TIMEOUT_MS,
    });
  });
});
