import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Chatbot } from '../../../../shared/src/api/types';
import { usePublicOrigin } from '../../hooks/usePublicOrigin';
import { Alert } from '../../ui/Alert';
import { ArrowLeftIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { CrawlLimitNotice } from '../../chatbots/CrawlLimitNotice';
import { CrawlProgress } from '../../chatbots/CrawlProgress';
import { isNotFound, useChatbot, useRefreshChatbots } from '../../chatbots/queries';
import { StatusBadge } from '../../chatbots/StatusBadge';
import { isActiveStatus, useTaskPolling } from '../../chatbots/useTaskPolling';
import { BotSettingsCard } from './BotSettingsCard';
import { CrawlSettingsCard } from './CrawlSettingsCard';
import { DetailsCard, PromptsCard } from './EditCards';
import { UUID_RE } from './embedSnippet';
import { EmbedCard, InformationCard, LinkCard, SourcesCard } from './InfoCards';
import { SourceEditor } from './SourceEditor';
import { useFloatingWidget } from './useFloatingWidget';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { AtAGlanceCard } from './AtAGlanceCard';
import { DeleteBotCard } from './DeleteBotCard';
import { DetailSection, SectionNav, useCurrentSection } from './DetailSections';
import { TaskActions } from './TaskActions';
import './detailSections.css';

/** /app/chatbots/{id}: everything about one chatbot (spec §2). */
export default function ChatbotDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const valid = !!id && UUID_RE.test(id);
  const { data, error, isLoading } = useChatbot(valid ? id : undefined);
  useFloatingWidget(valid && data ? id : undefined);

  if (!valid) {
    return (
      <div className="page">
        <Alert
          title="Error"
          action={
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => navigate('/app/chatbots')}>
              Go Back
            </button>
          }
        >
          Invalid Chatbot ID.
        </Alert>
      </div>
    );
  }
  if (isLoading)
    return (
      <div className="center-block">
        <Spinner label="Loading chatbot" />
      </div>
    );
  if (error || !data) {
    return (
      <div className="page">
        <Alert
          title="Error"
          action={
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => navigate('/app/chatbots')}>
              Go Back
            </button>
          }
        >
          <p>Failed to fetch chatbot details. Please try again later.</p>
          {(!data && !error) || isNotFound(error) ? <p>Crawl not found</p> : null}
        </Alert>
      </div>
    );
  }
  return <ChatbotDetail key={data.id} chatbot={data} />;
}

function ChatbotDetail({ chatbot }: { chatbot: Chatbot }) {
  useDocumentTitle(chatbot.name || 'Untitled Chatbot');
  const navigate = useNavigate();
  const origin = usePublicOrigin();
  const refresh = useRefreshChatbots();
  const task = useTaskPolling(chatbot.id, chatbot.latest_task ?? undefined, () => refresh(chatbot.id));
  const [section, goToSection] = useCurrentSection();
  const active = isActiveStatus(task?.status);
  const firstSource = chatbot.urls?.[0]?.url ?? chatbot.start_url;
  const description = chatbot.description || (firstSource ? `Generated from ${firstSource}` : '');

  return (
    <div className="page detail-page">
      <Link to="/app/chatbots" className="btn btn-ghost btn-sm back-link">
        <ArrowLeftIcon size={16} /> Back
      </Link>
      <div className="page-header detail-header">
        <div className="detail-heading">
          <div className="detail-title-row">
            <h1>{chatbot.name || 'Untitled Chatbot'}</h1>
            <StatusBadge task={task} />
          </div>
          {description && <p className="page-lead">{description}</p>}
          <CrawlProgress task={task} />
          <CrawlLimitNotice chatbot={chatbot} task={task} />
        </div>
        <TaskActions chatbot={chatbot} task={task} />
      </div>
      <SectionNav current={section} go={goToSection} />
      <DetailSection id="overview" title="Overview">
        <InformationCard chatbot={chatbot} task={task} />
        <EmbedCard origin={origin} botId={chatbot.id} />
        <LinkCard origin={origin} botId={chatbot.id} />
      </DetailSection>
      <DetailSection id="sources" title="Sources">
        <SourcesCard chatbot={chatbot} />
        <SourceEditor chatbot={chatbot} busy={active} onChanged={() => refresh(chatbot.id)} />
        <CrawlSettingsCard chatbot={chatbot} />
      </DetailSection>
      <DetailSection id="settings" title="Settings">
        <PromptsCard chatbot={chatbot} />
        <DetailsCard chatbot={chatbot} />
        <BotSettingsCard chatbot={chatbot} />
        <DeleteBotCard
          botId={chatbot.id}
          name={chatbot.name || 'Untitled Chatbot'}
          onDeleted={() => {
            refresh();
            navigate('/app/chatbots');
          }}
        />
      </DetailSection>
      <DetailSection id="insights" title="Insights">
        <AtAGlanceCard botId={chatbot.id} createdAt={chatbot.created_at} />
      </DetailSection>
    </div>
  );
}
