import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { renderAt } from '../../testing/render';
import CreateChatbotForm, { defaultBotName } from './CreateChatbotForm';

const renderForm = () => renderAt(<CreateChatbotForm />, { url: '/app', path: '/app' });

describe('Create New Chatbot form', () => {
  it('has the form defaults and keeps Create disabled while the URL is blank', async () => {
    const user = userEvent.setup();
    installFakeApi({});
    renderForm();
    expect(screen.getByRole('heading', { name: 'Create New Chatbot' })).toBeTruthy();
    expect((screen.getByLabelText('Maximum Pages') as HTMLInputElement).value).toBe('10');
    expect(screen.getByLabelText('Maximum Depth').closest('[hidden]')).not.toBeNull(); // collapsed
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    const depth = screen.getByLabelText('Maximum Depth') as HTMLSelectElement;
    expect(depth.closest('[hidden]')).toBeNull();
    expect(depth.value).toBe('2');
    expect([...depth.options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    const create = screen.getByRole('button', { name: 'Create Chatbot' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(screen.getByLabelText('Start URL'), '  ');
    expect(create.disabled).toBe(true);
  });

  it('starts the crawl, toasts and goes to the list', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /crawl-and-index': ok({ chatbot_id: 'b1', task_id: 't1' }), 'GET /chatbots': ok({ chatbots: [] }) });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    await user.type(screen.getByLabelText('Chatbot Name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText('Chatbot "Acme" is being created!')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/chatbots'));
    expect(api.calls[0]!.body).toEqual({ url: 'https://docs.acme.dev', max_depth: 2, max_pages: 10, name: 'Acme', description: '' });
  });

  it('sends all_languages when the owner ticks All languages', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /crawl-and-index': ok({ chatbot_id: 'b1', task_id: 't1' }), 'GET /chatbots': ok({ chatbots: [] }) });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev/en/');
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    await user.click(screen.getByLabelText('All languages'));
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(api.calls[0]?.body).toMatchObject({ url: 'https://docs.acme.dev/en/', all_languages: true }));
  });

  it('sends render_javascript when the owner ticks Render JavaScript', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ 'POST /crawl-and-index': ok({ chatbot_id: 'b1', task_id: 't1' }), 'GET /chatbots': ok({ chatbots: [] }) });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://app.acme.dev/');
    await user.click(screen.getByRole('button', { name: 'Advanced Configuration' }));
    await user.click(screen.getByLabelText('Render JavaScript'));
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    await waitFor(() => expect(api.calls[0]?.body).toMatchObject({ url: 'https://app.acme.dev/', render_javascript: true }));
  });

  it('names the bot by its host in the toast when no name was given (as the server does)', async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /crawl-and-index': ok({ chatbot_id: 'b1', task_id: 't1' }), 'GET /chatbots': ok({ chatbots: [] }) });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev/guide/start?x=1');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText('Chatbot "docs.acme.dev" is being created!')).toBeTruthy();
    expect(defaultBotName('  http://localhost:8080/demo/site/ ')).toBe('localhost:8080');
  });

  it("says 'API indicated failure starting crawl and index task.' when a 2xx answer has success false", async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /crawl-and-index': { status: 200, body: { success: false, detail: 'queue full' } } });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    const title = await screen.findByText('Error Starting Crawl');
    expect(title.closest('.alert')?.textContent).toContain('API indicated failure starting crawl and index task.');
    const toast = screen.getByText('Failed to start crawl and index task.');
    expect(toast.closest('.toast')?.className).toContain('toast-error');
    expect(screen.getByTestId('location').textContent).toBe('/app');
    expect((screen.getByRole('button', { name: 'Create Chatbot' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server detail in the Error Starting Crawl alert and an Error: toast', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    installFakeApi({
      'POST /crawl-and-index': async () => (
        await gate,
        fail(422, [{ loc: ['body', 'max_pages'], msg: 'max_pages must be at most 1000', type: 'too_big' }])
      ),
    });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    // While submitting every field is disabled and the button says so.
    expect((screen.getByRole('button', { name: /Creating Chatbot\.\.\./ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Start URL') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Maximum Pages') as HTMLInputElement).disabled).toBe(true);
    release();
    const title = await screen.findByText('Error Starting Crawl');
    expect(title.closest('.alert')?.textContent).toContain('max_pages must be at most 1000');
    expect(screen.getByText('Error: max_pages must be at most 1000')).toBeTruthy();
    expect((screen.getByLabelText('Start URL') as HTMLInputElement).disabled).toBe(false);
  });

  it('falls back to the generic message when the server gives no detail', async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /crawl-and-index': { status: 0, body: null } });
    renderForm();
    await user.type(screen.getByLabelText('Start URL'), 'https://docs.acme.dev');
    await user.click(screen.getByRole('button', { name: 'Create Chatbot' }));
    expect(await screen.findByText('Error: Failed to start crawl and index task. Please try again.')).toBeTruthy();
  });
});
