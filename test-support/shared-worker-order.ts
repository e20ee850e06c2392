import { readFileSync } from 'node:fs';
import type { TestSpecification } from 'vitest/node';
import { SlowFilesFirst } from '../apps/server/test/slow-files-first';

/**
 * The order of test files (the root vitest.config.ts): the slow server files first (SlowFilesFirst),
 * then each project's files of one environment one after another (decision 0092). A project that
 * shares its worker between files (isolate: false) keeps a worker only while the next file in the
 * queue has the same project and environment; the web project's files are happy-dom or jsdom by
 * their first line, and in vitest's order the two interleaved, each change starting a worker that
 * loads the environment and every module again. Groups keep the place of their first file, files
 * their order within the group.
 *
 * `--sequence.shuffle` (vitest's own flag; with a sequencer of ours it would shuffle only the tests
 * in a file) shuffles the files too, from `--sequence.seed`, before they are grouped: the way to run
 * the files of a worker in other orders.
 */
export class SharedWorkerOrder extends SlowFilesFirst {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    const sorted = shuffle ? shuffled(files, seed) : await super.sort(files);
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const key = `${spec.project.name}\0${environmentOf(spec)}`;
      const group = groups.get(key);
      if (group) group.push(spec);
      else groups.set(key, [spec]);
    }
    return [...groups.values()].flat();
  }
}

/** The environment a file asks for in its leading comment (as vitest reads it), else its project's. */
function environmentOf(spec: TestSpecification): string {
  const head = readFileSync(spec.moduleId, 'utf8').slice(0, 2000);
  return /@(?:vitest|jest)-environment\s+([\w-]+)/.exec(head)?.[1] ?? spec.project.config.environment;
}

/** Fisher-Yates with a seeded generator (mulberry32): the same seed gives the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
