import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Chatbot } from '../../../shared/src/api/types';
import { installFakeApi, ok } from '../testing/fakeApi';
import { renderAt } from '../testing/render';
import CreateChatbotForm from '../features/create/CreateChatbotForm';
import CreateWizardPage from '../features/wizard/CreateWizardPage';
import { CrawlSettingsCard } from '../features/detail/CrawlSettingsCard';
import { ALL_LANGUAGES_HINT, PATTERN_HINT, RENDER_JAVASCRIPT_HINT } from './CrawlScopeFields';

const START = 'https://docs.acme.dev/';
const BOT = {
  id: 'b1',
  include_patterns: ['/docs/**'],
  exclude_patterns: [],
  all_languages: false,
  render_javascript: true,
  recrawl_schedule: 'off',
  next_recrawl_at: null,
} as unknown as Chatbot;

/** The description a field's hint gives it (aria-describedby), as a screen reader reads it. */
const hintOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

/** The scope fields every form shows the same: labels, hints, and the values it holds. */
function expectScopeFields(root: HTMLElement, values: { include: string; allLanguages: boolean; renderJavascript: boolean }) {
  const include = within(root).getByLabelText('Include patterns') as HTMLTextAreaElement;
  expect(include.value).toBe(values.include);
  expect(hintOf(include)).toBe(PATTERN_HINT);
  expect(hintOf(within(root).getByLabelText('Exclude patterns'))).toBe(PATTERN_HINT);
  const languages = within(root).getByLabelText('All languages') as HTMLInputElement;
  expect([languages.checked, hintOf(languages)]).toEqual([values.allLanguages, ALL_LANGUAGES_HINT]);
  const render = within(root).getByLabelText('Render JavaScript') as HTMLInputElement;
  expect([render.checked, hintOf(render)]).toEqual([values.renderJavascript, RENDER_JAVASCRIPT_HINT]);
}

describe('the one crawl-settings form', () => {
  it('shows the same pattern, language and rendering fields on the create form, the wizard and Crawl Settings', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    let view = renderAt(<CreateChatbotForm />, { url: '/app', path: '/app' });
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    expectScopeFields(view.container, { include: '', allLanguages: false, renderJavascript: false });
    view.unmount();
    view = renderAt(<CreateWizardPage />, { url: '/app/chatbots/create', path: '/app/chatbots/create' });
    expectScopeFields(view.container, { include: '', allLanguages: false, renderJavascript: false });
    view.unmount();
    view = renderAt(<CrawlSettingsCard chatbot={BOT} />);
    expectScopeFields(view.container, { include: '/docs/**', allLanguages: false, renderJavascript: true });
    // The detail page edits a bot's scope only: its start and limits are not fields there.
    expect(within(view.container).queryByLabelText('Start URL')).toBeNull();
    expect(within(view.container).queryByLabelText('Maximum Pages')).toBeNull();
  });

  it('sends typed patterns as lists, blank lines dropped, from the create form (and its default pages when emptied)', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /crawl-and-index': ok({ chatbot_id: 'b1', task_id: 't1' }), 'GET /chatbots': ok({ chatbots: [] }) });
    renderAt(<CreateChatbotForm />, { url: '/app', path: '/app' });
    await user.type(screen.getByLabelText('Start URL'), START);
    await user.clear(screen.getByLabelText('Maximum Pages'));
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    await user.type(screen.getByLabelText('Include patterns'), ' /docs/** {enter}{enter}/guide/*');
    await user.type(screen.getByLabelText('Exclude patterns'), '/docs/old/**');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() =>
      expect(api.calls[0]?.body).toEqual({
        url: START,
        max_depth: 2,
        max_pages: 10,
        name: '',
        description: '',
        include_patterns: ['/docs/**', '/guide/*'],
        exclude_patterns: ['/docs/old/**'],
      }),
    );
  });

  it('sends typed patterns from the wizard, and fills the start URL with the bundled sample site', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /indexing/collect-urls': ok({ collected_urls: [], count: 0 }) });
    renderAt(<CreateWizardPage />, { url: '/app/chatbots/create', path: '/app/chatbots/create' });
    await user.click(screen.getByRole('button', { name: 'Use the bundled sample site' }));
    const url = (screen.getByLabelText('Start URL') as HTMLInputElement).value;
    expect(url).toMatch(/^https?:\/\/.+/);
    await user.type(screen.getByLabelText('Exclude patterns'), '/blog/**');
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await screen.findByText('Collected 0 URLs.');
    expect(api.calls.at(-1)?.body).toEqual({ url, max_depth: 1, max_pages: 30, exclude_patterns: ['/blog/**'] });
  });
});
