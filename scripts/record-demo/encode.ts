import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from './screencast';

/** The landing page's budget for each of the two videos. */
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024;

/** A caption: from `at` (wall-clock seconds, like the frames) until the next one starts. */
export interface Mark {
  text: string;
  at: number;
}

const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
}

/** The encoders this ffmpeg has (Debian's has libvpx-vp9 and libx264). */
export function encoders(): string {
  return execFileSync(FFMPEG, ['-hide_banner', '-encoders'], { encoding: 'utf8' });
}

/**
 * The frames as an ffmpeg concat list: each frame stays on screen until the next one was painted,
 * the last one until `end` (Chromium paints only on change, so a still page is one long frame).
 */
export function concatList(frames: Frame[], end: number): string {
  const lines: string[] = [];
  frames.forEach((f, i) => {
    const until = frames[i + 1]?.at ?? end;
    lines.push(`file '${f.file.replace(/'/g, "'\\''")}'`, `duration ${Math.max(0.001, until - f.at).toFixed(3)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  const lastFrame = frames[frames.length - 1];
  if (lastFrame) lines.push(`file '${lastFrame.file.replace(/'/g, "'\\''")}'`);
  return `${lines.join('\n')}\n`;
}

const stamp = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT captions, one cue per step, timed from the video's first frame (`start`). */
export function webvtt(marks: Mark[], start: number, end: number): string {
  const cues = marks.map((mark, i) => {
    const until = marks[i + 1]?.at ?? end;
    return `${i + 1}\n${stamp(mark.at - start)} --> ${stamp(until - start)}\n${mark.text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

export interface EncodeResult {
  file: string;
  bytes: number;
  quality: number;
}

/**
 * Encodes the concat list at `fps`, raising the quantiser until the file is under the budget.
 * Screen recordings are mostly still UI, so the first quality usually fits with room to spare.
 */
function encodeUnderBudget(list: string, out: string, fps: number, codecArgs: (q: number) => string[], qualities: number[]): EncodeResult {
  for (const quality of qualities) {
    ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-vf', `fps=${fps},format=yuv420p`, '-an', ...codecArgs(quality), out]);
    const bytes = statSync(out).size;
    if (bytes < MAX_VIDEO_BYTES) return { file: out, bytes, quality };
    console.log(`  ${path.basename(out)}: ${(bytes / 1024).toFixed(0)} KB at quality ${quality}, over budget; trying a coarser one`);
  }
  throw new Error(`${out}: no quality setting brought it under ${MAX_VIDEO_BYTES} bytes`);
}

export interface Outputs {
  webm: EncodeResult;
  mp4: EncodeResult | null;
  poster: string;
  captions: string;
}

/**
 * Writes <name>.webm (VP9), <name>.mp4 (H.264, when this ffmpeg has libx264), <name>-poster.jpg
 * (the frame painted at `posterAt`) and <name>.vtt into `outDir`.
 */
export function encodeAll(opts: {
  frames: Frame[];
  marks: Mark[];
  end: number;
  posterAt: number;
  workDir: string;
  outDir: string;
  name: string;
  fps?: number;
}): Outputs {
  const { frames, marks, end, workDir, outDir, name } = opts;
  const fps = opts.fps ?? 15;
  const first = frames[0];
  if (!first) throw new Error('The screencast produced no frames');
  const list = path.join(workDir, 'frames.txt');
  writeFileSync(list, concatList(frames, end));
  const available = encoders();

  const webm = encodeUnderBudget(
    list,
    path.join(outDir, `${name}.webm`),
    fps,
    (crf) => [
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(crf),
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-g',
      String(fps * 10),
    ],
    [38, 44, 50, 56],
  );
  let mp4: EncodeResult | null = null;
  if (/\blibx264\b/.test(available)) {
    mp4 = encodeUnderBudget(
      list,
      path.join(outDir, `${name}.mp4`),
      fps,
      (crf) => [
        '-c:v',
        'libx264',
        '-preset',
        'slow',
        '-tune',
        'stillimage',
        '-crf',
        String(crf),
        '-profile:v',
        'high',
        '-g',
        String(fps * 10),
        '-movflags',
        '+faststart',
      ],
      [28, 32, 36, 40],
    );
  } else {
    console.warn('This ffmpeg has no libx264: no MP4 written (the landing page then offers the WebM only).');
  }

  // The poster: the last frame painted at or before `posterAt`.
  const posterFrame = [...frames].reverse().find((f) => f.at <= opts.posterAt) ?? first;
  const poster = path.join(outDir, `${name}-poster.jpg`);
  ffmpeg(['-i', posterFrame.file, '-q:v', '5', poster]);

  const captions = path.join(outDir, `${name}.vtt`);
  writeFileSync(captions, webvtt(marks, first.at, end));
  return { webm, mp4, poster, captions };
}
