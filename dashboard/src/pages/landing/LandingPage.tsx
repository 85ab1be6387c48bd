import { Link } from 'react-router-dom';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { Logo } from '../../ui/Logo';
import { ChatIcon, CheckIcon, DatabaseIcon, EditIcon, GlobeIcon, PaletteIcon, SearchIcon, ZapIcon } from '../../ui/icons';
import { DemoVideo } from './DemoVideo';
import { sampleSiteWizardLink } from './sampleSite';
import { UrlBox } from './UrlBox';
import { useEffect } from 'react';

const FEATURES = [
  {
    icon: GlobeIcon,
    title: 'Website crawling',
    text: 'Give one start URL. Docent follows your sitemap and links, respects robots.txt, and stays on your site.',
  },
  {
    icon: DatabaseIcon,
    title: 'Content indexing',
    text: 'Pages are cleaned of navigation and chrome, split by heading, and indexed for fast retrieval.',
  },
  {
    icon: SearchIcon,
    title: 'Semantic search',
    text: 'Questions are matched against your content, so answers come from your pages, not from guesswork.',
  },
  {
    icon: PaletteIcon,
    title: 'Customizable interface',
    text: 'A floating widget that fits any site, light and dark, or a full-page public chat link.',
  },
  { icon: ZapIcon, title: 'Real-time responses', text: 'Answers stream in as they are written, each with links to the pages it used.' },
  {
    icon: EditIcon,
    title: 'Customizable prompts',
    text: 'Set the system prompt and response format to match your voice and your support policy.',
  },
];

const STEPS = [
  { title: 'Enter your website', text: 'Paste the address of your docs, help centre or marketing site.' },
  { title: 'Review and index', text: 'Pick the pages to include. Docent crawls and indexes them in the background.' },
  { title: 'Embed and share', text: 'Add one script tag to your site or share the public chat link.' },
];

/** The public landing page (spec §2). */
export function LandingPage() {
  useEffect(() => {
    document.title = 'Docent — turn your website into a cited AI chatbot';
  }, []);
  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="landing-header">
        <div className="landing-container landing-header-inner">
          <Logo />
          <nav aria-label="Sections" className="landing-nav">
            <a href="#features">Features</a>
            <a href="#how-it-works">How It Works</a>
            <a href="#demo">Demo</a>
          </nav>
          <div className="landing-header-actions">
            <ThemeToggle />
            <Link to="/login" className="btn btn-secondary btn-sm">
              Log in
            </Link>
          </div>
        </div>
      </header>

      <main id="main">
        <section className="hero">
          <div className="landing-container hero-inner">
            <p className="eyebrow">Open source · self-hosted · cited answers</p>
            <h1 className="hero-title">Turn your website into an AI chatbot that cites its sources</h1>
            <p className="hero-lead">
              Docent crawls your site, indexes every page, and answers visitors' questions with links to the pages it used. Embed it with
              one script tag or share a public chat link.
            </p>
            <UrlBox label="Your website address" />
            <p className="hero-note">
              <CheckIcon size={16} /> No credit card required
              <span className="hero-note-sep" aria-hidden="true">
                ·
              </span>
              New here? <Link to={sampleSiteWizardLink()}>Try it first with the bundled sample site</Link>
            </p>
          </div>
        </section>

        <section id="how-it-works" className="landing-section">
          <div className="landing-container">
            <h2 className="section-title">How It Works</h2>
            <p className="section-lead">From a URL to a helpful assistant in three steps.</p>
            <ol className="steps">
              {STEPS.map((s, i) => (
                <li key={s.title} className="step card">
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="demo" className="landing-section landing-section-muted">
          <div className="landing-container">
            <h2 className="section-title">Demo</h2>
            <p className="section-lead">See the whole flow, start to finish.</p>
            <DemoVideo />
          </div>
        </section>

        <section id="features" className="landing-section">
          <div className="landing-container">
            <h2 className="section-title">Features</h2>
            <p className="section-lead">Everything you need to answer questions from your own content.</p>
            <ul className="feature-grid">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="feature card">
                  <span className="feature-icon">
                    <Icon size={20} />
                  </span>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="landing-section cta">
          <div className="landing-container cta-inner">
            <ChatIcon size={28} />
            <h2 className="section-title">Ready to build your chatbot?</h2>
            <p className="section-lead">Start with your site's address. No credit card required.</p>
            <UrlBox label="Your website address for the new chatbot" buttonText="Get Started" />
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-container landing-footer-inner">
          <Logo badge={false} />
          <nav aria-label="Footer" className="landing-footer-nav">
            <Link to="/app">Dashboard</Link>
            <Link to="/login">Log in</Link>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </nav>
          <p className="landing-footer-note">© {new Date().getFullYear()} Docent. Open source under the MIT license.</p>
        </div>
      </footer>
    </div>
  );
}
