import { Link } from 'react-router-dom';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { BotIcon, PlusIcon } from '../../ui/icons';
import { ChatbotCard } from './ChatbotCard';
import { useChatbots } from '../../chatbots/queries';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /app/chatbots: every chatbot of the owner as cards (spec §2). */
export default function ChatbotsPage() {
  useDocumentTitle('All Chatbots');
  const { data, error, isLoading } = useChatbots();
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>All Chatbots</h1>
          <p className="page-lead">Chatbots built from your websites.</p>
        </div>
        <Link to="/app/chatbots/create" className="btn btn-primary">
          <PlusIcon /> New Chatbot
        </Link>
      </div>
      {isLoading ? (
        <div className="center-block">
          <Spinner label="Loading chatbots" />
        </div>
      ) : error ? (
        <Alert title="Error">Failed to fetch crawls. Please try again later.</Alert>
      ) : !data || data.length === 0 ? (
        <div className="empty-state card">
          <span className="empty-icon">
            <BotIcon size={28} />
          </span>
          <h2>No Chatbots Yet</h2>
          <p>Create your first chatbot to get started.</p>
          <Link to="/app/chatbots/create" className="btn btn-primary">
            Create Chatbot
          </Link>
        </div>
      ) : (
        <div className="card-grid">
          {data.map((bot) => (
            <ChatbotCard key={bot.id} chatbot={bot} />
          ))}
        </div>
      )}
    </div>
  );
}
