import { Link } from 'react-router-dom';
import { ChatIcon } from '../../ui/icons';

/** /chat without a bot: explain where chats come from. */
export default function ChatHome() {
  return (
    <div className="chat-placeholder">
      <ChatIcon size={32} />
      <h1>Chat</h1>
      <p className="muted">Open a chatbot's public link to start a conversation. Owners find it on the chatbot's page in the dashboard.</p>
      <Link to="/app/chatbots" className="btn btn-secondary">
        Go to the dashboard
      </Link>
    </div>
  );
}
