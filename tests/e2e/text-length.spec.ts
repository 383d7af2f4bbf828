import { openConsole } from './support/console.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 27: an owner sees, while editing a text, how many texts it is sent as and whether a
// character makes it UCS-2 (70 characters a text, and dearer). Nothing is saved here.
test('a custom text shows its length as sent, and says which character makes it cost more', async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const joinText = page.getByLabel('Text when someone joins');
  // The default, with the business's name and its longest service filled in.
  await expect(page.getByText(/^As sent: 1 text, \d+ characters \(160 per text\)\.$/).first()).toBeVisible();

  await joinText.fill("{business}: you're in line for {service}.");
  await expect(joinText).toHaveAccessibleDescription(/As sent: 1 text, \d+ characters \(160 per text\)\./);

  await joinText.fill(
    '{business}: you’re in line for {service}. We’ll text you when it is your turn, {name}.',
  );
  await expect(joinText).toHaveAccessibleDescription(
    /As sent: 2 texts, \d+ characters\. "’" is outside the basic text alphabet, so each text holds only 67 characters and costs more\./,
  );
  await page.context().close();
});

// Issue 27: the owner words the texts for each language customers join in; the Vietnamese
// default needs UCS-2, and the page says so before anything is saved. Nothing is saved here.
test('each language has its own wording, kept while the owner moves between languages', async ({
  browser,
}) => {
  const page = await openConsole(browser, 'settings');
  const wordingLanguage = page.getByLabel('Wording for customers who read');
  const joinText = page.getByLabel('Text when someone joins');
  await expect(wordingLanguage).toHaveValue('en');
  await joinText.fill('{business}: see you soon, {service} is booked.');

  await wordingLanguage.selectOption('vi');
  await expect(joinText).toHaveValue('');
  await expect(joinText).toHaveAttribute('placeholder', /quý khách/);
  await expect(joinText).toHaveAccessibleDescription(/each text holds only 67 characters and costs more/);

  await wordingLanguage.selectOption('es');
  await joinText.fill('{business}: le esperamos para {service}.');
  await wordingLanguage.selectOption('en');
  await expect(joinText).toHaveValue('{business}: see you soon, {service} is booked.');
  await wordingLanguage.selectOption('es');
  await expect(joinText).toHaveValue('{business}: le esperamos para {service}.');
  await page.context().close();
});
