import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** A visitor starts a conversation with a bot through the public route, as the widget does; its id. */
export async function startConversation(t: TestApp, chatbotId: string, visitorId: string, title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chatbots/${chatbotId}/conversations`,
    payload: { visitor_id: visitorId, title },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
