import { createTransport } from '../../../shared/src/api/client';
import { insightsApi as insightsApiOf } from '../../../shared/src/api/insightsClient';
import { getIdToken } from '../auth/session';

/** The owner's insights calls (conversation log, unanswered questions, at a glance), signed in like `api`. */
export const insightsApi = insightsApiOf(createTransport({ baseUrl: '', getToken: getIdToken }));
