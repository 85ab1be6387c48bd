import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { chatbot } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import ChatbotDetailPage from './ChatbotDetailPage';

const renderDetail = (id: string) => renderAt(<ChatbotDetailPage />, { url: `/app/chatbots/${id}`, path: '/app/chatbots/:id' });

describe('detail page: visitor experience', () => {
  it('saves the greeting, the filled starter boxes and the allowed domains, and shows the server reason for a bad domain', async () => {
    const bot = chatbot({ greeting: 'Hello', starter_questions: ['How do I start?'] });
    const saved = {
      ...bot,
      greeting: 'Welcome!',
      starter_questions: ['How do I start?', 'Is there an API?'],
      allowed_origins: ['https://acme.dev'],
    };
    const api = installFakeApi({
      'GET /chatbots/:id': ok({ chatbot: bot }),
      'PATCH /chatbots/:id': [
        fail(422, [
          {
            loc: ['body', 'allowed_origins', 0],
            msg: "'https://acme.dev/docs' must be a site only, without a path (try https://acme.dev)",
            type: 'custom',
          },
        ]),
        ok(saved),
      ],
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: /Visitor Experience/ })).closest('section')!;
    const greeting = within(card).getByLabelText('Greeting');
    expect((greeting as HTMLTextAreaElement).value).toBe('Hello');
    expect((within(card).getByLabelText('Starter question 1') as HTMLInputElement).value).toBe('How do I start?');
    await user.clear(greeting);
    await user.type(greeting, 'Welcome!');
    await user.type(within(card).getByLabelText('Starter question 3'), 'Is there an API?');
    const domains = within(card).getByLabelText('Allowed domains');
    await user.type(domains, 'https://acme.dev/docs');
    await user.click(within(card).getByRole('button', { name: /Save Visitor Settings/ }));
    expect(await within(card).findByText(/must be a site only, without a path/)).toBeTruthy();

    await user.clear(domains);
    await user.type(domains, 'acme.dev{enter}{enter}');
    await user.click(within(card).getByRole('button', { name: /Save Visitor Settings/ }));
    expect(await within(card).findByText('Visitor settings saved.')).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches.at(-1)!.body).toEqual({
      greeting: 'Welcome!',
      starter_questions: ['How do I start?', 'Is there an API?'],
      allowed_origins: ['acme.dev'],
    });
    // The normalised domain the server kept replaces what was typed.
    expect((domains as HTMLTextAreaElement).value).toBe('https://acme.dev');
    expect((within(card).getByLabelText('Starter question 2') as HTMLInputElement).value).toBe('Is there an API?');
  });
});
