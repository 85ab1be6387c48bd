import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: 'Information We Collect',
    body: [
      'When you sign in we receive your Google account identifier, email address, name and profile picture from Google through Firebase Authentication.',
      'When you create a chatbot we store the addresses you give us and the public content of the pages we crawl from them. Visitors who chat with a chatbot are identified only by a random visitor id stored in their browser; we store their messages and the answers given.',
    ],
  },
  {
    title: 'How We Use Information',
    body: [
      'We use this information to run the service: to crawl and index your pages, to answer visitor questions from them, to show you your chatbots and to keep the service secure and free of abuse.',
    ],
  },
  {
    title: 'Information Sharing',
    body: [
      'We do not sell your information. When the operator of this installation configures an external language model, the relevant page excerpts and the visitor question are sent to that provider to produce an answer. Otherwise no data leaves this server.',
    ],
  },
  {
    title: 'Data Security',
    body: [
      'Access to your chatbots requires a signed-in Google account. Connections should be served over HTTPS, and chat conversations are only visible to the visitor who started them.',
    ],
  },
  {
    title: 'Data Retention',
    body: [
      'Chatbots, their indexed pages and their conversations are kept until you delete the chatbot. Deleting a chatbot removes its documents and conversations.',
    ],
  },
  {
    title: 'Your Rights',
    body: [
      'You may ask for a copy of your data, its correction or its deletion at any time by contacting the operator of this installation.',
    ],
  },
  {
    title: 'Cookies and Local Storage',
    body: [
      'We use no advertising cookies. Your browser stores your theme preference, your unfinished crawl configuration, the visitor id used for chats, and the sign-in session kept by Firebase Authentication.',
    ],
  },
  {
    title: 'Changes to This Policy',
    body: ['We may update this policy. The date at the top shows when it last changed; continued use after a change means you accept it.'],
  },
  {
    title: 'Contact Us',
    body: ['Questions about this policy can be sent to the operator of this Docent installation.'],
  },
];

/** Static privacy policy (spec §2): nine numbered sections, last updated today. */
export default function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy');
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
  return (
    <div className="doc-page">
      <header className="doc-header">
        <Logo />
        <div className="doc-header-actions">
          <ThemeToggle />
          <Link to="/" className="btn btn-ghost btn-sm">
            Home
          </Link>
        </div>
      </header>
      <main className="doc-main">
        <article className="doc-article card">
          <h1>Privacy Policy</h1>
          <p className="doc-updated">Last updated: {today}</p>
          <ol className="doc-sections">
            {SECTIONS.map((s, i) => (
              <li key={s.title}>
                <h2>
                  {i + 1}. {s.title}
                </h2>
                {s.body.map((p) => (
                  <p key={p.slice(0, 24)}>{p}</p>
                ))}
              </li>
            ))}
          </ol>
        </article>
      </main>
    </div>
  );
}
