import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { dataLoggingLimits } from '@fleetgate/contracts';
import { createSecretBox } from '../../auth/secret-box.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MqttBrokerRow } from '../../db/schema.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createAlarmEvaluator } from '../alarms/alarm-evaluator.ts';
import { createTagValuesPublisher } from './tag-values-publisher.ts';
import { createMqttBrokerService } from '../mqtt/mqtt-broker.service.ts';
import { agentsStoringNow, loadMqttCollection, type CollectedTag } from './mqtt-collector-config.ts';
import { BrokerLink, type LinkTiming } from './mqtt-collector-link.ts';
import { parsePayload, TagSampler } from './mqtt-collector-sampling.ts';
import { storeSampleBatch, type IngestAgent, type IngestResult } from './sample-ingest.ts';
import type { SamplesStoredListener } from './samples-stored.ts';
import { createSamplesDomainEvent } from './samples-domain-event.ts';

/*
 * MQTT data sources are collected by the server, not by the agent: the brokers are the company's
 * (set up once in the console, password sealed with the server key), usually reachable from the
 * cloud rather than from the device's LAN, and one connection per broker serves every agent whose
 * sources use it. Each tag's newest value per sample interval is stored through the same
 * storeSampleBatch as an agent's batch (alarms evaluated in its transaction), so an MQTT tag
 * behaves like a Modbus one. Intervals are aligned to 1970-01-01 UTC and a sample carries its
 * interval's start as time: several server processes subscribed to the same broker store the
 * same (tag, time), and the samples table keeps it once. The outbound policy applies as for
 * connection tests (no loopback or private broker unless the operator allows it).
 */

export type MqttCollectorOptions = LinkTiming & {
  /** How often finished intervals are stored. */
  flushMs: number;
  /** How often the configuration is read again without an event (brokers change without one). */
  reloadMs: number;
  /** Samples waiting for storage across all tags; beyond it the oldest are dropped (and counted). */
  maxQueuedSamples: number;
};

export const defaultMqttCollectorOptions: MqttCollectorOptions = {
  flushMs: 1000,
  reloadMs: 60_000,
  connectTimeoutMs: 10_000,
  subscribeTimeoutMs: 10_000,
  backoffMinMs: 1000,
  backoffMaxMs: 60_000,
  maxQueuedSamples: 100_000,
};

export type MqttCollectorDeps = {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: Config;
};

export type MqttCollectorStatus = {
  brokers: { publicId: string; connected: boolean; topics: string[] }[];
  /** Messages on collected topics whose payload was not a number (or out of range). */
  ignored: number;
  stored: number;
  dropped: number;
};

export type MqttCollector = {
  /** Reads the configuration again now (also done on events and every `reloadMs`). */
  reload(): Promise<void>;
  status(): MqttCollectorStatus;
  stop(): Promise<void>;
};

/** Events after which what is collected may have changed. */
const reloadingEvents = new Set(['DataConfigChanged', 'LicencesChanged', 'AppsChanged']);

type CollectedState = { tag: CollectedTag; sampler: TagSampler };
type Queued = { agentId: number; tagId: number; sample: [string, number, number] };

export function startMqttCollector(
  deps: MqttCollectorDeps,
  overrides: Partial<MqttCollectorOptions> = {},
): MqttCollector {
  const options = { ...defaultMqttCollectorOptions, ...overrides };
  const { db, log } = deps;
  // The same listeners as the agent's batches (modules/index.ts): alarms in the storing transaction.
  const publishValues = createTagValuesPublisher(deps);
  const listeners: SamplesStoredListener[] = [
    createAlarmEvaluator({ events: deps.events, mailer: deps.mailer, log, config: deps.config }),
    createSamplesDomainEvent(deps.events),
  ];
  const brokerPasswords = createMqttBrokerService(
    createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: deps.config.dataDir }),
  );
  const policy = { allowPrivate: deps.config.outboundAllowPrivate };

  const links = new Map<number, { link: BrokerLink; publicId: string; signature: string }>();
  /** Per broker, per topic: the tags it feeds. */
  let routes = new Map<number, Map<string, CollectedState[]>>();
  let collected = new Map<number, CollectedState>();
  let agents = new Map<number, IngestAgent>();
  let queue: Queued[] = [];
  const droppedByAgent = new Map<number, number>();
  const counts = { ignored: 0, stored: 0, dropped: 0 };
  let stopped = false;

  const enqueue = (state: CollectedState, sample: { time: number; value: number } | undefined) => {
    if (!sample) return;
    queue.push({
      agentId: state.tag.agentId,
      tagId: state.tag.id,
      sample: [state.tag.publicId, sample.time, sample.value],
    });
    trimQueue();
  };

  const trimQueue = () => {
    const excess = queue.length - options.maxQueuedSamples;
    if (excess <= 0) return;
    for (const oldest of queue.splice(0, excess)) {
      counts.dropped += 1;
      droppedByAgent.set(oldest.agentId, (droppedByAgent.get(oldest.agentId) ?? 0) + 1);
    }
  };

  const handleMessage = (brokerId: number, topic: string, payload: Buffer) => {
    try {
      const states = routes.get(brokerId)?.get(topic);
      if (!states) return;
      const raw = parsePayload(payload);
      const now = Date.now();
      for (const state of states) {
        const value = raw === undefined ? undefined : state.sampler.scaled(raw);
        if (value === undefined) counts.ignored += 1;
        else enqueue(state, state.sampler.offer(value, now));
      }
    } catch (error) {
      log.error({ err: error }, 'MQTT collector: message not handled');
    }
  };

  const openLink = (broker: MqttBrokerRow) => {
    let password: string | null;
    try {
      password = brokerPasswords.passwordOf(broker);
    } catch (error) {
      log.warn(
        { err: error, broker: broker.public_id },
        "MQTT collector: the broker's password cannot be read",
      );
      return undefined;
    }
    return new BrokerLink({
      settings: { url: broker.url, clientId: broker.client_id, username: broker.username, password },
      policy,
      timing: options,
      log,
      name: broker.public_id,
      onMessage: (topic, payload) => handleMessage(broker.id, topic, payload),
    });
  };

  const apply = async () => {
    const next = await loadMqttCollection(db);
    if (stopped) return;
    const nextCollected = new Map<number, CollectedState>();
    const nextRoutes = new Map<number, Map<string, CollectedState[]>>();
    for (const tag of next.tags) {
      const before = collected.get(tag.id);
      const same =
        before &&
        before.sampler.settings.intervalSeconds === tag.intervalSeconds &&
        before.sampler.settings.logMode === tag.logMode &&
        before.sampler.settings.scale === tag.scale &&
        before.sampler.settings.dataType === tag.dataType;
      const state: CollectedState = {
        tag,
        sampler: same ? before.sampler : new TagSampler(tag, before?.sampler.lastValue ?? tag.lastValue),
      };
      nextCollected.set(tag.id, state);
      const topics = nextRoutes.get(tag.brokerId) ?? new Map<string, CollectedState[]>();
      nextRoutes.set(tag.brokerId, topics);
      topics.set(tag.topic, [...(topics.get(tag.topic) ?? []), state]);
    }
    collected = nextCollected;
    routes = nextRoutes;
    agents = next.agents;

    const wanted = new Map(next.brokers.map((b) => [b.id, b]));
    for (const [id, entry] of links) {
      const broker = wanted.get(id);
      if (!broker || signatureOf(broker) !== entry.signature) {
        entry.link.close();
        links.delete(id);
      }
    }
    for (const broker of next.brokers) {
      let entry = links.get(broker.id);
      if (!entry) {
        const link = openLink(broker);
        if (!link) continue;
        entry = { link, publicId: broker.public_id, signature: signatureOf(broker) };
        links.set(broker.id, entry);
      }
      entry.link.setTopics(new Set(nextRoutes.get(broker.id)?.keys()));
    }
  };

  // One reload at a time; a reload asked for meanwhile runs once after it.
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;
  const reload = (): Promise<void> => {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        await apply().catch((error: unknown) => log.error({ err: error }, 'MQTT collector: reload failed'));
      } while (reloadAgain && !stopped);
    })().finally(() => {
      reloading = undefined;
    });
    return reloading;
  };

  // Payloads that are not numbers are told to the operator at most once a minute.
  let ignoredLogged = { count: 0, at: 0 };
  const logIgnored = (now: number) => {
    if (counts.ignored === ignoredLogged.count || now - ignoredLogged.at < 60_000) return;
    log.warn(
      { ignored: counts.ignored - ignoredLogged.count },
      'MQTT collector: payloads that are not a number',
    );
    ignoredLogged = { count: counts.ignored, at: now };
  };

  const flush = async () => {
    const now = Date.now();
    logIgnored(now);
    for (const state of collected.values()) enqueue(state, state.sampler.due(now));
    // Tags no longer collected (source, broker or activation gone) are not stored.
    const ready = queue.filter((q) => collected.has(q.tagId));
    queue = [];
    if (ready.length === 0) return;
    const byAgent = new Map<number, Queued[]>();
    for (const q of ready) {
      const list = byAgent.get(q.agentId) ?? [];
      list.push(q);
      byAgent.set(q.agentId, list);
    }
    const known = [...byAgent.keys()].map((id) => agents.get(id)).filter((a) => a !== undefined);
    // The same gate as an agent's batch, at the time of storing: a deactivation stops at once.
    let storing: Set<number>;
    try {
      storing = await agentsStoringNow(db, known, new Date(now));
    } catch (error) {
      queue = [...ready, ...queue];
      trimQueue();
      throw error;
    }
    const failed: Queued[] = [];
    for (const agent of known) {
      if (!storing.has(agent.id)) continue;
      const items = byAgent.get(agent.id)!;
      for (let i = 0; i < items.length; i += dataLoggingLimits.samplesPerBatch) {
        const chunk = items.slice(i, i + dataLoggingLimits.samplesPerBatch);
        try {
          await storeChunk(agent, chunk);
        } catch (error) {
          // Kept for the next flush: storing the same (tag, time) again stores it once.
          log.error({ err: error, agent: agent.publicId }, 'MQTT collector: samples not stored');
          failed.push(...items.slice(i));
          break;
        }
      }
    }
    if (failed.length > 0) {
      queue = [...failed, ...queue];
      trimQueue();
    }
  };

  const storeChunk = async (agent: IngestAgent, chunk: Queued[]) => {
    const dropped = droppedByAgent.get(agent.id) ?? 0;
    const batch = { batchId: `mqtt-${randomUUID()}`, samples: chunk.map((q) => q.sample), dropped };
    const result = await storeSampleBatch(db, agent, batch, listeners);
    droppedByAgent.set(agent.id, (droppedByAgent.get(agent.id) ?? 0) - dropped);
    if (droppedByAgent.get(agent.id) === 0) droppedByAgent.delete(agent.id);
    counts.stored += result.stored;
    // Live events and e-mails (alarms) in order, without holding the next flush.
    void runAfterCommit(result);
    if (result.newest.length > 0) void publishValues(db, agent, result.newest);
  };

  const runAfterCommit = async (result: IngestResult) => {
    for (const after of result.afterCommit)
      await after().catch((error: unknown) =>
        log.error({ err: error }, 'MQTT collector: after-commit work of a batch failed'),
      );
  };

  let flushing: Promise<void> | undefined;
  const flushTimer = setInterval(() => {
    if (flushing || stopped) return;
    flushing = flush()
      .catch((error: unknown) => log.error({ err: error }, 'MQTT collector: samples not stored'))
      .finally(() => {
        flushing = undefined;
      });
  }, options.flushMs);
  flushTimer.unref();
  const reloadTimer = setInterval(() => void reload(), options.reloadMs);
  reloadTimer.unref();
  let reloadSoon: NodeJS.Timeout | undefined;
  const stopListening = deps.events.listen(({ event }) => {
    if (!reloadingEvents.has(event.type) || stopped) return;
    // Several changes in a burst (a list of tags) make one reload.
    clearTimeout(reloadSoon);
    reloadSoon = setTimeout(() => void reload(), 100);
  });
  void reload();

  return {
    reload,
    status: () => ({
      brokers: [...links.values()].map(({ link, publicId }) => ({
        publicId,
        connected: link.connected,
        topics: [...link.subscribed],
      })),
      ...counts,
    }),
    stop: async () => {
      stopped = true;
      stopListening();
      clearInterval(flushTimer);
      clearInterval(reloadTimer);
      clearTimeout(reloadSoon);
      for (const { link } of links.values()) link.close();
      links.clear();
      await reloading;
      await flushing;
      // Intervals already over are stored before the database closes.
      await flush().catch((error: unknown) =>
        log.error({ err: error }, 'MQTT collector: samples not stored'),
      );
    },
  };
}

/** A broker is connected again when anything that reaches it changed. */
const signatureOf = (broker: MqttBrokerRow) =>
  JSON.stringify([broker.url, broker.client_id, broker.username, broker.password_sealed]);
