import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import './demoVideo.css';

/**
 * The recorded demo (scripts/record-demo.ts, `npm run demo:record`): the real product in Chromium,
 * from the sample site to a cited answer in the public chat and in the embedded widget.
 */
export const DEMO_MEDIA = {
  webm: '/media/docent-demo.webm',
  mp4: '/media/docent-demo.mp4',
  poster: '/media/docent-demo-poster.jpg',
  captions: '/media/docent-demo.vtt',
} as const;

/** How close to the viewport the video gets before its poster and captions are fetched. */
const NEAR = '400px 0px';

/**
 * Whether the element has come within NEAR of the viewport (once true, it stays true). Without
 * IntersectionObserver the answer is simply yes.
 */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The landing page's demo video (spec §2). Lazy: preload="none" keeps the browser from fetching
 * the video before the visitor presses play, and the poster and the captions track are only added
 * once the video scrolls near, so the landing page's first load downloads none of the demo's media. Muted (it has no
 * sound), inline on phones, with the browser's own controls and captions that say what each step
 * shows.
 */
export function DemoVideo() {
  const ref = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(ref);
  const captionId = useId();
  return (
    <figure className="demo-video" aria-labelledby={captionId}>
      <div className="demo-video-frame">
        <video
          ref={ref}
          className="demo-video-player"
          width={1280}
          height={720}
          controls
          muted
          playsInline
          preload="none"
          poster={near ? DEMO_MEDIA.poster : undefined}
          aria-label="Demo video: creating a chatbot from the sample site, then asking it in the public chat and in the embedded widget"
          aria-describedby={captionId}
        >
          <source src={DEMO_MEDIA.webm} type="video/webm; codecs=vp9" />
          <source src={DEMO_MEDIA.mp4} type="video/mp4" />
          {/* A default track is fetched as soon as it is in the page, so it comes with the poster. */}
          {near && <track kind="captions" src={DEMO_MEDIA.captions} srcLang="en" label="English" default />}
          <a href={DEMO_MEDIA.mp4}>Download the demo video (MP4)</a>
        </video>
      </div>
      <figcaption id={captionId} className="demo-video-caption">
        Recorded in the real product: a chatbot made from the bundled sample site answers on the public chat page and in the widget embedded
        with one script tag, citing the pages it used.
      </figcaption>
    </figure>
  );
}
