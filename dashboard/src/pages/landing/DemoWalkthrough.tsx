/**
 * An animated, honest walkthrough of the product (pure HTML/CSS, no video): a start URL is
 * entered, pages are collected and indexed, and a visitor gets an answer with its sources.
 * The three scenes loop; with reduced motion they are shown side by side instead.
 */
export function DemoWalkthrough() {
  return (
    <figure className="walkthrough" aria-labelledby="walkthrough-caption">
      <div className="walkthrough-window" aria-hidden="true">
        <div className="walkthrough-bar">
          <span className="dot" />
          <span className="dot" />
          <span className="dot" />
          <span className="walkthrough-address">docent.local/app/chatbots/create</span>
        </div>
        <div className="walkthrough-stage">
          <section className="scene scene-1">
            <p className="scene-step">Step 1 · Configure</p>
            <div className="mock-field">
              <span className="mock-prefix">https://</span>
              <span className="mock-typing">docs.acme.dev</span>
            </div>
            <div className="mock-row">
              <span className="mock-chip">Max pages 30</span>
              <span className="mock-chip">Depth 2 levels</span>
            </div>
            <span className="mock-button">Collect Sources &amp; Review</span>
          </section>
          <section className="scene scene-2">
            <p className="scene-step">Step 2 · Review &amp; index</p>
            <ul className="mock-list">
              <li>
                <span className="mock-check" />
                /getting-started
              </li>
              <li>
                <span className="mock-check" />
                /guides/installation
              </li>
              <li>
                <span className="mock-check" />
                /reference/api
              </li>
              <li>
                <span className="mock-check" />
                /faq
              </li>
            </ul>
            <div className="mock-progress">
              <span />
            </div>
            <p className="mock-caption">Indexing 4 pages…</p>
          </section>
          <section className="scene scene-3">
            <p className="scene-step">Step 3 · Chat</p>
            <div className="mock-bubble mock-user">How do I install the CLI?</div>
            <div className="mock-bubble mock-bot">
              Run <code>npm i -g acme</code>, then <code>acme login</code>.<span className="mock-source">Source: /guides/installation</span>
            </div>
          </section>
        </div>
      </div>
      <figcaption id="walkthrough-caption" className="walkthrough-caption">
        An animated walkthrough of Docent: enter a site, review the collected pages, then chat with an assistant that cites them.
      </figcaption>
    </figure>
  );
}
