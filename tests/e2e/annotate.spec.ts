import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe';
import { region } from './support/ide';
import { createWorkspace, openLauncher } from './support/workspace';

// Marking up a screenshot of the preview (boxes, arrows, notes) with the pointer or the keyboard, and sending it
// with a message: the marks are in the picture the request carries.

test('the preview is marked up with a box, an arrow and a note, by pointer and keyboard, and the marked picture reaches the agent', async ({ page }) => {
  test.setTimeout(120_000);
  await openLauncher(page);
  await createWorkspace(page, 'Mark it up', 'Static HTML + JS');
  await expect(page.frameLocator('iframe[title="Preview"]').getByRole('heading', { name: 'Static HTML + JS' })).toBeVisible({ timeout: 60_000 });

  const agent = region(page, 'Agent');
  await agent.getByRole('button', { name: 'Mark up preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark up the preview' });
  const picture = dialog.getByRole('img', { name: /^The preview/ });
  await expect(picture).toBeVisible();

  // A box by dragging.
  const box = await picture.boundingBox();
  if (!box) throw new Error('the picture has no box');
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 90, { steps: 5 });
  await page.mouse.up();
  await expect(picture).toHaveAccessibleName(/^The preview, marked with 1 box\./);

  // An arrow with the keyboard: Space starts it at the cursor, the arrow keys move, Space ends it.
  await dialog.getByRole('radio', { name: 'Arrow' }).check();
  await picture.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Space');
  await expect(picture).toHaveAccessibleName(/^The preview, marked with 1 box, 1 arrow\./);

  // A note by clicking, taken back, and placed again from the keyboard.
  await dialog.getByRole('radio', { name: 'Note' }).check();
  await dialog.getByLabel('Note text').fill('Make this bigger');
  await picture.click({ position: { x: 40, y: 120 } });
  await expect(picture).toHaveAccessibleName(/1 box, 1 arrow, the note “Make this bigger”/);
  await dialog.getByRole('button', { name: 'Undo last mark' }).click();
  await expect(picture).toHaveAccessibleName(/^The preview, marked with 1 box, 1 arrow\./);
  await picture.focus();
  await page.keyboard.press('Space');
  await expect(picture).toHaveAccessibleName(/1 box, 1 arrow, the note “Make this bigger”/);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(agent.getByRole('list', { name: 'Attached images' }).getByRole('img', { name: 'annotated-preview.png' })).toBeVisible();

  const composer = agent.getByRole('textbox', { name: 'Message the agent' });
  await composer.fill('Fix what I marked');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/ai') && r.method() === 'POST');
  await composer.press('Enter');
  const body = (await request).postData() ?? '';
  const sent =
    body.match(/"filename":"annotated-preview\.png","url":"(data:image\/png;base64,[A-Za-z0-9+/=]+)"/)?.[1] ??
    body.match(/"url":"(data:image\/png;base64,[A-Za-z0-9+/=]+)"[^}]*"filename":"annotated-preview\.png"/)?.[1];
  expect(sent, 'the request carries the marked-up picture').toBeTruthy();
  // The marks are in it: pixels of the marks' red.
  const inked = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url ?? '';
    await image.decode();
    const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.naturalWidth, image.naturalHeight);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0xe1 && data[i + 1] === 0x1d && data[i + 2] === 0x48) count++;
    return count;
  }, sent);
  expect(inked).toBeGreaterThan(200);
});
