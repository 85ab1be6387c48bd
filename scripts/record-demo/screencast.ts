import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

/** One frame Chromium painted: its JPEG file and the wall-clock second it arrived (Date.now() / 1000, as the captions' marks). */
export interface Frame {
  file: string;
  at: number;
}

interface ScreencastFrameEvent {
  data: string;
  sessionId: number;
}

/**
 * Records what a page paints through the DevTools protocol's screencast (Page.startScreencast):
 * Chromium sends a JPEG whenever the page repaints. Playwright's own
 * recordVideo needs Playwright's downloaded ffmpeg; this needs nothing but Chromium, and the frames
 * are encoded afterwards by Debian's ffmpeg (encode.ts). The session survives same-origin
 * navigations, so one screencast covers the whole walkthrough.
 */
export class Screencast {
  readonly frames: Frame[] = [];
  private session: CDPSession | null = null;

  constructor(
    private readonly dir: string,
    private readonly size: { width: number; height: number },
  ) {}

  async start(page: Page): Promise<void> {
    const session = await page.context().newCDPSession(page);
    this.session = session;
    session.on('Page.screencastFrame', (event: ScreencastFrameEvent) => {
      const file = path.join(this.dir, `frame-${String(this.frames.length).padStart(5, '0')}.jpg`);
      writeFileSync(file, Buffer.from(event.data, 'base64'));
      this.frames.push({ file, at: Date.now() / 1000 });
      // Chromium sends the next frame only once this one is acknowledged.
      session.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
    });
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 90,
      maxWidth: this.size.width,
      maxHeight: this.size.height,
      everyNthFrame: 1,
    });
  }

  async stop(): Promise<Frame[]> {
    if (this.session) {
      await this.session.send('Page.stopScreencast').catch(() => undefined);
      await this.session.detach().catch(() => undefined);
      this.session = null;
    }
    return this.frames;
  }
}
