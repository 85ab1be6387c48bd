import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InsightConversationDetail, InsightConversationPage, UnansweredGroup } from '../../../../shared/src/api/insights';
import { fail, installFakeApi, ok } from '../../testing/fakeApi';
import { renderAt } from '../../testing/render';
import ConversationPage from './ConversationPage';
import ConversationsPage from './ConversationsPage';
import UnansweredPage from './UnansweredPage';

const BOT = '00000000-0000-4000-8000-000000000001';
const CONV = '00000000-0000-4000-8000-0000000000c1';

const conversationPage = (n: number, total = n, page = 1): InsightConversationPage => ({
  conversations: Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    title: 'New Chat',
    created_at: '2026-01-05T10:00:00.000Z',
    last_message_at: '2026-01-05T10:01:00.000Z',
    message_count: 2,
    first_question: `Question ${i + 1 + (page - 1) * 20}`,
  })),
  page,
  limit: 20,
  total,
  search_scope_reached: false,
});

describe('conversation log', () => {
  const renderLog = (url = `/app/chatbots/${BOT}/conversations`) =>
    renderAt(<ConversationsPage />, { url, path: '/app/chatbots/:id/conversations' });

  it('lists conversations, pages through them and searches', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id/insights/conversations': [
        ok(conversationPage(20, 25)),
        ok(conversationPage(5, 25, 2)),
        ok(conversationPage(1, 1)),
      ],
    });
    renderLog();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(within(list).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      `/app/chatbots/${BOT}/conversations/00000000-0000-4000-8000-000000000100`,
    );
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Question 21')).toBeTruthy();
    expect(api.calls.at(-1)!.query.get('page')).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'refund');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('1 conversation')).toBeTruthy());
    expect(api.calls.at(-1)!.query.get('q')).toBe('refund');
    expect(api.calls.at(-1)!.query.get('page')).toBe('1'); // a new search starts at its first page
  });

  it("says so when another owner's or a missing bot is asked for", async () => {
    installFakeApi({ 'GET /chatbots/:id/insights/conversations': fail(404, 'Chatbot not found') });
    renderLog();
    expect(await screen.findByText('Chatbot not found.')).toBeTruthy();
  });

  it('makes no request for an id that cannot exist', async () => {
    const api = installFakeApi({});
    renderLog('/app/chatbots/not-an-id/conversations');
    expect(await screen.findByText('Chatbot not found.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('one conversation', () => {
  it('shows the messages read-only with sources, outcome and feedback, and renders no markup from a message', async () => {
    const detail: InsightConversationDetail = {
      conversation: {
        id: CONV,
        title: 'New Chat',
        created_at: '2026-01-05T10:00:00.000Z',
        last_message_at: null,
        message_count: 2,
        first_question: 'Do you ship abroad?',
      },
      messages: [
        {
          id: 'm1',
          role: 'user',
          content: 'Do you ship abroad? <img src=x onerror="window.hacked=1">',
          sources: [],
          created_at: '2026-01-05T10:00:00.000Z',
          index: 1,
          outcome: null,
          feedback: null,
          marked_wrong: false,
        },
        {
          id: 'm2',
          role: 'assistant',
          content: 'We ship to **Europe**. <script>window.hacked=1</script><img src=x onerror="window.hacked=1">',
          sources: [{ url: 'https://shop.example/shipping', title: 'Shipping', snippet: '' }],
          created_at: '2026-01-05T10:00:05.000Z',
          index: 2,
          outcome: 'answer',
          feedback: -1,
          marked_wrong: false,
        },
      ],
    };
    const api = installFakeApi({
      'GET /chatbots/:id/insights/conversations/:convId': [
        ok(detail),
        ok({ ...detail, messages: [detail.messages[0]!, { ...detail.messages[1]!, marked_wrong: true }] }),
      ],
      'PUT /chatbots/:id/insights/replies/:messageId/verdict': ok({ message_id: 'm2', marked_wrong: true }),
    });
    const { container } = renderAt(<ConversationPage />, {
      url: `/app/chatbots/${BOT}/conversations/${CONV}`,
      path: '/app/chatbots/:id/conversations/:convId',
    });
    expect(await screen.findByRole('heading', { name: 'Do you ship abroad?' })).toBeTruthy();
    expect(screen.getByText('Europe').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Shipping' }).getAttribute('href')).toBe('https://shop.example/shipping');
    expect(screen.getByText('Answered')).toBeTruthy();
    expect(screen.getByText('Visitor: thumbs down')).toBeTruthy();
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.queryByRole('textbox')).toBeNull(); // read-only: no composer

    // The owner marks the reply wrong: the verdict is sent and the reply says so.
    expect(screen.getAllByRole('button', { name: 'Mark as wrong' })).toHaveLength(1); // assistant replies only
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark as wrong' }));
    expect(await screen.findByText('Marked wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not wrong after all' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/chatbots/${BOT}/insights/replies/m2/verdict`,
      body: { wrong: true },
    });
  });
});

describe('unanswered questions', () => {
  const groups: UnansweredGroup[] = [
    {
      question: 'Reset password',
      variants: ['how do I reset my password'],
      count: 2,
      last_asked: '2026-01-05T10:00:00.000Z',
      conversation_ids: [CONV],
      conversations: [{ id: CONV, title: 'Password help', asked_at: '2026-01-05T10:00:00.000Z' }],
      reply_ids: ['r1', 'r2'],
      latest_reply: {
        kind: 'unsure',
        text: "I'm not sure; the closest page may help.",
        source: { url: 'https://shop.example/account', title: 'Your account', snippet: 'Sign in with your email.' },
      },
    },
    {
      question: 'What is the refund policy?',
      variants: [],
      count: 1,
      last_asked: '2026-01-04T10:00:00.000Z',
      conversation_ids: ['00000000-0000-4000-8000-0000000000c2'],
      conversations: [{ id: '00000000-0000-4000-8000-0000000000c2', title: 'Untitled Conversation', asked_at: '2026-01-04T10:00:00.000Z' }],
      reply_ids: ['r3'],
      latest_reply: { kind: 'none', text: 'I could not find that on this site.', source: null },
    },
  ];

  it('lists the groups with counts and links, and adds a source from a group', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id/insights/unanswered': ok({ groups }),
      'POST /chatbots/:id/sources': [
        fail(422, [{ loc: ['body', 'url'], msg: 'Invalid URL format.', type: 'custom' }]),
        ok({ task_id: 't1', url: 'https://shop.example/reset' }),
      ],
    });
    renderAt(<UnansweredPage />, { url: `/app/chatbots/${BOT}/unanswered`, path: '/app/chatbots/:id/unanswered' });
    const list = await screen.findByRole('list', { name: 'Open unanswered questions' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Asked 2 times');
    expect(first.textContent).toContain('how do I reset my password');
    // What the bot replied, and the passage it offered.
    expect(within(first).getByText('Not sure')).toBeTruthy();
    expect(first.textContent).toContain("I'm not sure; the closest page may help.");
    expect(within(first).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('https://shop.example/account');
    // The conversation is named by its title and time.
    const conv = within(first).getByRole('link', { name: /^Password help, / });
    expect(conv.getAttribute('href')).toBe(`/app/chatbots/${BOT}/conversations/${CONV}`);
    expect(conv.textContent).toMatch(/Jan 5/);
    const second = within(list).getAllByRole('listitem').at(-1)!;
    expect(within(second).getByText('Refused')).toBeTruthy();

    const user = userEvent.setup();
    const input = within(first).getByRole('textbox', { name: 'Page URL that answers this question' });
    await user.type(input, 'https://shop.example/reset');
    await user.click(within(first).getByRole('button', { name: 'Add source' }));
    expect(await within(first).findByText('Invalid URL format.')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Add source' }));
    expect(await screen.findByText('Page added.')).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)).toMatchObject({ path: `/chatbots/${BOT}/sources`, body: { url: 'https://shop.example/reset' } });
  });

  it('marks an entry done or dismissed, and filters the list by open / done / dismissed', async () => {
    const api = installFakeApi({
      'GET /chatbots/:id/insights/unanswered': [ok({ groups }), ok({ groups: groups.slice(1) }), ok({ groups: [groups[0]!] })],
      'POST /chatbots/:id/insights/unanswered/review': ok({ status: 'dismissed', updated: 2 }),
    });
    renderAt(<UnansweredPage />, { url: `/app/chatbots/${BOT}/unanswered`, path: '/app/chatbots/:id/unanswered' });
    const list = await screen.findByRole('list', { name: 'Open unanswered questions' });
    const user = userEvent.setup();
    await user.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Dismissed: it is in the dismissed list.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `/chatbots/${BOT}/insights/unanswered/review`,
      body: { reply_ids: ['r1', 'r2'], status: 'dismissed' },
    });
    await waitFor(() => expect(screen.queryByText('Reset password')).toBeNull()); // the open list is read again
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('link', { name: 'Dismissed' }));
    const dismissed = await screen.findByRole('list', { name: 'Dismissed unanswered questions' });
    expect(within(dismissed).getByText('Reset password')).toBeTruthy();
    expect(within(dismissed).getByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(within(dismissed).queryByRole('button', { name: 'Add source' })).toBeNull();
    expect(
      api.calls
        .filter((c) => c.method === 'GET')
        .at(-1)!
        .query.get('status'),
    ).toBe('dismissed');
  });

  it('says when every question was answered', async () => {
    installFakeApi({ 'GET /chatbots/:id/insights/unanswered': ok({ groups: [] }) });
    renderAt(<UnansweredPage />, { url: `/app/chatbots/${BOT}/unanswered`, path: '/app/chatbots/:id/unanswered' });
    expect(await screen.findByText('Every question so far was answered.')).toBeTruthy();
  });
});
