import { Suspense, type ReactElement } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage, type LazyPage } from './app/lazyPage';
import { SWRConfig } from 'swr';
import { LandingPage } from './pages/landing/LandingPage';
import { SWR_OPTIONS } from './swrOptions';
import { FullScreenSpinner } from './ui/Spinner';
import { ToastProvider } from './ui/toast';

// Everything past the landing page loads on demand, so the first visit stays small.
const LoginPage = lazyPage(() => import('./pages/login/LoginPage'));
const PrivacyPolicyPage = lazyPage(() => import('./pages/privacy/PrivacyPolicyPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const AppLayout = lazyPage(() => import('./app/AppLayout'));
const CreateChatbotForm = lazyPage(() => import('./features/create/CreateChatbotForm'));
const CreateWizardPage = lazyPage(() => import('./features/wizard/CreateWizardPage'));
const ChatbotsPage = lazyPage(() => import('./features/chatbots/ChatbotsPage'));
const ChatbotDetailPage = lazyPage(() => import('./features/detail/ChatbotDetailPage'));
const ConversationsPage = lazyPage(() => import('./features/insights/ConversationsPage'));
const ConversationPage = lazyPage(() => import('./features/insights/ConversationPage'));
const UnansweredPage = lazyPage(() => import('./features/insights/UnansweredPage'));
const ChatLayout = lazyPage(() => import('./features/chat/ChatLayout'));
const ChatHome = lazyPage(() => import('./features/chat/ChatHome'));
const ConversationListRoute = lazyPage(() => import('./features/chat/ConversationListRoute'));
const ChatThreadRoute = lazyPage(() => import('./features/chat/ChatThreadRoute'));

/** The route table of spec §2. */
const ROUTES: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  {
    path: '/app',
    element: <AppLayout />,
    children: [
      { index: true, element: <CreateChatbotForm /> },
      { path: 'chatbots', element: <ChatbotsPage /> },
      { path: 'chatbots/new', element: <CreateChatbotForm /> },
      { path: 'chatbots/create', element: <CreateWizardPage /> },
      { path: 'chatbots/:id', element: <ChatbotDetailPage /> },
      { path: 'chatbots/:id/conversations', element: <ConversationsPage /> },
      { path: 'chatbots/:id/conversations/:convId', element: <ConversationPage /> },
      { path: 'chatbots/:id/unanswered', element: <UnansweredPage /> },
      { path: '*', element: <NotFoundPage inApp /> },
    ],
  },
  {
    path: '/chat',
    element: <ChatLayout />,
    children: [
      { index: true, element: <ChatHome /> },
      { path: ':botId', element: <RedirectToConversations /> },
      { path: ':botId/conversations', element: <ConversationListRoute /> },
      { path: ':botId/conversations/:convId', element: <ChatThreadRoute /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** Start loading the code of the pages that `pathname` renders (its layout and its page). */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(ROUTES, pathname) ?? []) {
    const type = (route.element as ReactElement | undefined)?.type as Partial<LazyPage> | undefined;
    void type?.preload?.().catch(() => {}); // a failure shows when the page renders
  }
}

export function App() {
  const routes = useRoutes(ROUTES);
  return (
    <SWRConfig value={SWR_OPTIONS}>
      <ToastProvider>
        <Suspense fallback={<FullScreenSpinner />}>{routes}</Suspense>
      </ToastProvider>
    </SWRConfig>
  );
}

function RedirectToConversations() {
  return <Navigate to="conversations" replace />;
}
