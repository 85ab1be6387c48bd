import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../testing/fakeApi';
import { renderAt } from '../../testing/render';
import CreateWizardPage from './CreateWizardPage';

const START = 'https://docs.example.com/';
const COLLECTED = ['https://docs.example.com/', 'https://docs.example.com/guide'];
const renderWizard = (url: string) => renderAt(<CreateWizardPage />, { url, path: '/app/chatbots/create' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('create wizard: review step', () => {
  it('opened directly, notes that nothing is selected without showing an error', async () => {
    installFakeApi({});
    renderWizard('/app/chatbots/create?step=review');
    const note = await screen.findByText('No URLs selected.');
    expect(note.className).not.toContain('inline-error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns the note into an error once the owner unticks every address', async () => {
    const user = userEvent.setup();
    installFakeApi({ 'POST /indexing/collect-urls': ok({ collected_urls: COLLECTED, count: 2 }) });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('No URLs selected.').className).toContain('inline-error');
  });

  it('sends the name the owner typed, trimmed', async () => {
    const user = userEvent.setup();
    const api = installFakeApi({
      'POST /indexing/collect-urls': ok({ collected_urls: COLLECTED, count: 2 }),
      'POST /indexing/index-urls': ok({ chatbot_id: 'b', task_id: 't' }),
      'GET /chatbots': ok({ chatbots: [] }),
    });
    renderWizard(`/app/chatbots/create?url=${encodeURIComponent(START)}`);
    await user.click(screen.getByRole('button', { name: 'Collect Sources & Review' }));
    const name = await screen.findByLabelText('Chatbot Name');
    expect((name as HTMLInputElement).placeholder).toBe("Named after the start page's title");
    await user.type(name, '  Docs helper ');
    await user.click(screen.getByRole('button', { name: 'Confirm & Create Chatbot' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/indexing/index-urls')?.body).toEqual({
        urls: COLLECTED,
        name: 'Docs helper',
        description: '',
      }),
    );
  });
});
