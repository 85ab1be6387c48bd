import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { renderAt } from '../../testing/render';
import CreateWizardPage from './CreateWizardPage';
import { CRAWL_CONFIG_KEY, selectionsKey } from './wizardStorage';

const START = 'https://docs.example.com/';
const COLLECTED = ['https://docs.example.com/', 'https://docs.example.com/guide', 'https://docs.example.com/api'];

const renderWizard = (url = '/app/chatbots/create') => renderAt(<CreateWizardPage />, { url, path: '/app/chatbots/create' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function collectThree(user: ReturnType<typeof userEvent.setup>) {
  const api = installFakeApi({
    'POST /indexing/collect-urls': ok({ collected_urls: COLLECTED, count: 3 }),
    'POST /indexing/index-urls': ok({ chatbot_id: 'b', task_id: 't' }),
    'GET /chatbots': ok({ chatbots: [] }),
  });
  renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
  await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
  await screen.findByText('Collected 3 URLs.');
  await screen.findByRole('heading', { name: /Review & Select Sources/ });
  return api;
}

describe('create wizard: configure step', () => {
  it('starts from the url query parameter with the wizard defaults and disables collect while blank', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    renderWizard();
    expect(screen.getByRole('heading', { name: 'Configure Chatbot' })).toBeTruthy();
    expect(screen.getByText('Provide the initial details for your chatbot.')).toBeTruthy();
    expect((screen.getByLabelText('Maximum Pages') as HTMLInputElement).value).toBe('30');
    const depth = screen.getByLabelText('Maximum Depth') as HTMLSelectElement;
    expect(depth.value).toBe('1');
    expect([...depth.options].map((o) => o.textContent)).toEqual(['1 level', '2 levels', '3 levels', '4 levels', '5 levels', '10 levels']);
    const collect = screen.getByRole('button', { name: 'Collect Sources & Review' });
    expect((collect as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Start URL'), '   ');
    expect((collect as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores non-numeric page input, allows emptying, and falls back to 30 pages when collecting', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /indexing/collect-urls': ok({ collected_urls: [], count: 0 }) });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    const pages = screen.getByLabelText('Maximum Pages') as HTMLInputElement;
    await user.clear(pages);
    await user.type(pages, 'a1b2');
    expect(pages.value).toBe('12');
    await user.clear(pages);
    expect(pages.value).toBe('');
    await user.selectOptions(screen.getByLabelText('Maximum Depth'), '10');
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await screen.findByText('Collected 0 URLs.');
    expect(api.calls.at(-1)?.body).toEqual({ url: START, max_depth: 10, max_pages: 30 });
  });

  it('collects every language when All languages is ticked, and remembers the choice', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /indexing/collect-urls': ok({ collected_urls: [], count: 0 }) });
    const view = renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByLabelText('All languages'));
    expect(JSON.parse(localStorage.getItem(CRAWL_CONFIG_KEY)!)).toMatchObject({ allLanguages: true });
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await screen.findByText('Collected 0 URLs.');
    expect(api.calls.at(-1)?.body).toEqual({ url: START, max_depth: 1, max_pages: 30, all_languages: true });
    view.unmount();
    renderWizard();
    expect((screen.getByLabelText('All languages') as HTMLInputElement).checked).toBe(true);
  });

  it('renders JavaScript when the owner ticks it: sent to collect-urls and to the bot it creates', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({
      'POST /indexing/collect-urls': ok({ collected_urls: [START], count: 1 }),
      'POST /indexing/index-urls': ok({ chatbot_id: 'b', task_id: 't' }),
    });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByLabelText('Render JavaScript'));
    expect(JSON.parse(localStorage.getItem(CRAWL_CONFIG_KEY)!)).toMatchObject({ renderJavascript: true });
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm & Create Chatbot' }));
    await screen.findByText('Indexing started!');
    expect(api.calls.find((c) => c.path === '/indexing/collect-urls')?.body).toEqual({
      url: START,
      max_depth: 1,
      max_pages: 30,
      render_javascript: true,
    });
    expect(api.calls.find((c) => c.path === '/indexing/index-urls')?.body).toEqual({
      urls: [START],
      name: '',
      description: '',
      render_javascript: true,
    });
  });

  it('saves the configuration on each change and restores it on load', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    const view = renderWizard();
    await user.type(screen.getByLabelText('Start URL'), 'https://a.example');
    await user.selectOptions(screen.getByLabelText('Maximum Depth'), '3');
    expect(JSON.parse(localStorage.getItem(CRAWL_CONFIG_KEY)!)).toEqual({ url: 'https://a.example', max_pages: '30', max_depth: 3 });
    view.unmount();
    renderWizard();
    expect((screen.getByLabelText('Start URL') as HTMLInputElement).value).toBe('https://a.example');
    expect((screen.getByLabelText('Maximum Depth') as HTMLSelectElement).value).toBe('3');
  });

  it('shows the server detail inline and in a toast when collection fails', async () => {
    const user = userEvent.setup();
    installFakeApi({
      'POST /indexing/collect-urls': fail(422, [{ loc: ['body', 'url'], msg: 'url must be an http(s) address', type: 'value_error' }]),
    });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    const alert = await screen.findByText('Error Collecting Sources');
    expect(alert.closest('.alert')?.textContent).toContain('url must be an http(s) address');
    expect(screen.getByText('URL Collection Error: url must be an http(s) address')).toBeTruthy();
    expect(location()).not.toContain('step=review');
  });

  it("says 'API indicated failure collecting URLs.' when a 2xx answer has success false", async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /indexing/collect-urls': { status: 200, body: { success: false, detail: 'crawler busy' } } });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    const alert = await screen.findByText('Error Collecting Sources');
    expect(alert.closest('.alert')?.textContent).toContain('API indicated failure collecting URLs.');
    const toast = screen.getByText('Failed to collect URLs from API.');
    expect(toast.closest('.toast')?.className).toContain('toast-error');
    expect(screen.queryByText(/URL Collection Error/)).toBeNull();
    expect(location()).not.toContain('step=review');
  });

  it('falls back to the generic collection message when the server gives no detail', async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /indexing/collect-urls': { status: 0, body: null } });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    expect((await screen.findAllByText('Failed to collect URLs. Please check the URL and parameters.')).length).toBeGreaterThan(0);
    expect(screen.getByText('URL Collection Error: Failed to collect URLs. Please check the URL and parameters.')).toBeTruthy();
  });
});

describe('create wizard: review step', () => {
  it('moves to review with every collected address selected, replacing the step in the URL', async () => {
    const user = userEvent.setup();
    await collectThree(user);
    expect(location()).toContain('step=review');
    expect(screen.getByRole('heading', { name: /Review & Select Sources/ }).textContent).toContain('3 selected');
    const boxes = within(screen.getByRole('group', { name: 'Sources' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true]);
    expect(JSON.parse(localStorage.getItem(selectionsKey(START))!)).toEqual(Object.fromEntries(COLLECTED.map((u) => [u, true])));
  });

  it('select-all acts on the filtered list and turns indeterminate when some are selected', async () => {
    const user = userEvent.setup();
    await collectThree(user);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(selectAll.checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: COLLECTED[1] }));
    expect(selectAll.indeterminate).toBe(true);
    expect(selectAll.checked).toBe(false);

    await user.type(screen.getByLabelText('Search sources or enter a URL to add'), 'api');
    expect(screen.getByText('1 match')).toBeTruthy();
    const selectMatches = screen.getByRole('checkbox', { name: 'Select all matches' }) as HTMLInputElement;
    expect(selectMatches.checked).toBe(true);
    await user.click(selectMatches); // deselects only the match
    await user.clear(screen.getByLabelText('Search sources or enter a URL to add'));
    const boxes = within(screen.getByRole('group', { name: 'Sources' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true]);
  });

  it('applies the Add Source rules with their messages and marks manual additions', async () => {
    const user = userEvent.setup();
    await collectThree(user);
    const box = screen.getByLabelText('Search sources or enter a URL to add');
    const add = screen.getByRole('button', { name: 'Add Source' });

    await user.click(add);
    expect(await screen.findByText('Please enter a source to add.')).toBeTruthy();

    await user.type(box, 'not a url');
    await user.click(add);
    expect(await screen.findByText('Invalid URL format.')).toBeTruthy();
    expect(screen.getByText('No sources match your search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search to see all sources' }));

    await user.type(box, 'https://docs.example.com/new');
    await user.click(add);
    expect(await screen.findByText('Source added and selected.')).toBeTruthy();
    const added = screen.getByRole('checkbox', { name: /docs\.example\.com\/new/ }) as HTMLInputElement;
    expect(added.checked).toBe(true);
    expect(added.closest('label')?.textContent).toContain('Manual');

    await user.type(box, 'https://docs.example.com/new');
    await user.click(add);
    expect(await screen.findByText('Source already exists and is selected.')).toBeTruthy();
    await user.clear(box);

    await user.click(screen.getByRole('checkbox', { name: COLLECTED[2] }));
    await user.type(box, COLLECTED[2]!);
    await user.click(add);
    expect(await screen.findByText('Existing source selected.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: COLLECTED[2] }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the empty-list message after skipping and disables confirm with nothing selected', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Skip & Add Sources Manually' }));
    expect(await screen.findByText('No sources collected or added yet. Add one above')).toBeTruthy();
    expect(screen.getByText('No URLs selected.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm & Create Chatbot' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates the chatbot from the selected addresses and clears what it stored', async () => {
    const user = userEvent.setup();
    const api = await collectThree(user);
    await user.click(screen.getByRole('checkbox', { name: COLLECTED[0] }));
    await user.click(screen.getByRole('button', { name: 'Confirm & Create Chatbot' }));
    await screen.findByText('Indexing started!');
    const call = api.calls.find((c) => c.path === '/indexing/index-urls');
    expect(call?.body).toEqual({ urls: [COLLECTED[1], COLLECTED[2]], name: '', description: '' });
    await waitFor(() => expect(location()).toBe('/app/chatbots'));
    expect(localStorage.getItem(CRAWL_CONFIG_KEY)).toBeNull();
    expect(localStorage.getItem(selectionsKey(START))).toBeNull();
  });

  it('keeps the user on review with the server message when indexing fails', async () => {
    const user = userEvent.setup();
    installFakeApi({
      'POST /indexing/collect-urls': ok({ collected_urls: COLLECTED, count: 3 }),
      'POST /indexing/index-urls': fail(401, 'User not authenticated'),
    });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm & Create Chatbot' }));
    expect(await screen.findByText('Error Creating Chatbot')).toBeTruthy();
    expect(screen.getByText('Indexing Error: User not authenticated')).toBeTruthy();
    expect(screen.getAllByText('User not authenticated').length).toBeGreaterThan(0);
    expect(location()).toContain('step=review');
  });

  it('Back to Configure clears the collected list, and selections come back from storage on review', async () => {
    const user = userEvent.setup();
    await collectThree(user);
    await user.click(screen.getByRole('checkbox', { name: COLLECTED[1] }));
    await user.click(screen.getByRole('button', { name: /Back to Configure/ }));
    await screen.findByRole('heading', { name: 'Configure Chatbot' });
    expect(location()).toContain('step=configure');
    await user.click(screen.getByRole('button', { name: 'Skip & Add Sources Manually' }));
    await screen.findByRole('heading', { name: /Review & Select Sources/ });
    const boxes = within(screen.getByRole('group', { name: 'Sources' })).getAllByRole('checkbox') as HTMLInputElement[];
    // The two still-selected addresses were stored for this start URL.
    expect(boxes.filter((b) => b.checked)).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('heading', { name: /Review & Select Sources/ }).textContent).toContain('2 selected'));
  });

  it('a reload of the review step keeps unticked addresses, and re-adding one does not mark it Manual', async () => {
    const user = userEvent.setup();
    await collectThree(user);
    await user.click(screen.getByRole('checkbox', { name: COLLECTED[1] }));
    await user.type(screen.getByLabelText('Search sources or enter a URL to add'), 'https://docs.example.com/extra');
    await user.click(screen.getByRole('button', { name: 'Add Source' }));
    await screen.findByText('Source added and selected.');
    document.body.innerHTML = ''; // the page goes away…

    renderWizard('/app/chatbots/create?step=review'); // …and comes back (the start URL is in the saved configuration)
    const heading = await screen.findByRole('heading', { name: /Review & Select Sources/ });
    await waitFor(() => expect(heading.textContent).toContain('3 selected'));
    const boxes = within(screen.getByRole('group', { name: 'Sources' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.closest('label')!.textContent!.replace('Manual', '').trim(), b.checked])).toEqual([
      [COLLECTED[0], true],
      [COLLECTED[1], false],
      [COLLECTED[2], true],
      ['https://docs.example.com/extra', true],
    ]);
    expect(screen.getByRole('checkbox', { name: /\/extra/ }).closest('label')?.textContent).toContain('Manual');
    expect(screen.getByRole('checkbox', { name: COLLECTED[1] }).closest('label')?.textContent).not.toContain('Manual');

    await user.type(screen.getByLabelText('Search sources or enter a URL to add'), COLLECTED[1]!);
    await user.click(screen.getByRole('button', { name: 'Add Source' }));
    expect(await screen.findByText('Existing source selected.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: COLLECTED[1] }).closest('label')?.textContent).not.toContain('Manual');
  });
});
