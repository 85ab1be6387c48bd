import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { LandingPage } from './pages/landing/LandingPage';
import { SWR_OPTIONS } from './swrOptions';
import { FullScreenSpinner } from './ui/Spinner';
import { ToastProvider } from './ui/toast';

// Everything past the landing page loads on demand, so the first visit stays small.
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/privacy/PrivacyPolicyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const AppLayout = lazy(() => import('./app/AppLayout'));
const CreateChatbotForm = lazy(() => import('./features/create/CreateChatbotForm'));
const CreateWizardPage = lazy(() => import('./features/wizard/CreateWizardPage'));
const ChatbotsPage = lazy(() => import('./features/chatbots/ChatbotsPage'));
const ChatbotDetailPage = lazy(() => import('./features/detail/ChatbotDetailPage'));
const ConversationsPage = lazy(() => import('./features/insights/ConversationsPage'));
const ConversationPage = lazy(() => import('./features/insights/ConversationPage'));
const UnansweredPage = lazy(() => import('./features/insights/UnansweredPage'));
const ChatLayout = lazy(() => import('./features/chat/ChatLayout'));
const ChatHome = lazy(() => import('./features/chat/ChatHome'));
const ConversationListRoute = lazy(() => import('./features/chat/ConversationListRoute'));
const ChatThreadRoute = lazy(() => import('./features/chat/ChatThreadRoute'));

/** The route table of spec §2. */
export function App() {
  return (
    <SWRConfig value={SWR_OPTIONS}>
      <ToastProvider>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="/app" element={<AppLayout />}>
              <Route index element={<CreateChatbotForm />} />
              <Route path="chatbots" element={<ChatbotsPage />} />
              <Route path="chatbots/new" element={<CreateChatbotForm />} />
              <Route path="chatbots/create" element={<CreateWizardPage />} />
              <Route path="chatbots/:id" element={<ChatbotDetailPage />} />
              <Route path="chatbots/:id/conversations" element={<ConversationsPage />} />
              <Route path="chatbots/:id/conversations/:convId" element={<ConversationPage />} />
              <Route path="chatbots/:id/unanswered" element={<UnansweredPage />} />
              <Route path="*" element={<NotFoundPage inApp />} />
            </Route>
            <Route path="/chat" element={<ChatLayout />}>
              <Route index element={<ChatHome />} />
              <Route path=":botId" element={<RedirectToConversations />} />
              <Route path=":botId/conversations" element={<ConversationListRoute />} />
              <Route path=":botId/conversations/:convId" element={<ChatThreadRoute />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ToastProvider>
    </SWRConfig>
  );
}

function RedirectToConversations() {
  return <Navigate to="conversations" replace />;
}
