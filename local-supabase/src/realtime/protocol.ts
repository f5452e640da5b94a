/**
 * Phoenix channel frames as realtime-js 2.x speaks them.
 *
 * vsn 2.0.0: text frames are JSON arrays `[join_ref, ref, topic, event, payload]`; binary frames carry
 * user broadcasts (client → server kind 3 "user broadcast push", server → client kind 4 "user broadcast").
 * vsn 1.0.0: text frames are JSON objects `{join_ref, ref, topic, event, payload}`; no binary frames.
 */

export type Vsn = '1.0.0' | '2.0.0';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: JsonValue;
}

/** A broadcast whose user payload is either JSON or raw bytes (binary frames only). */
export interface UserBroadcast {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  /** The user event name (`channel.send({event})`). */
  event: string;
  payload: { kind: 'json'; value: JsonValue } | { kind: 'binary'; value: Buffer };
  meta: JsonObject | null;
}

export type Incoming = { kind: 'frame'; frame: Frame } | { kind: 'broadcast'; broadcast: UserBroadcast };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function asRef(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses one incoming WebSocket message; returns null for anything that is not a valid frame. */
export function decodeIncoming(data: Buffer, isBinary: boolean, vsn: Vsn): Incoming | null {
  if (isBinary) {
    if (vsn !== '2.0.0') return null;
    return decodeUserBroadcastPush(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return {
      kind: 'frame',
      frame: { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: (payload ?? {}) as JsonValue },
    };
  }
  if (!isObject(parsed)) return null;
  const { join_ref: joinRef, ref, topic, event, payload } = parsed;
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return {
    kind: 'frame',
    frame: { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: (payload ?? {}) as JsonValue },
  };
}

function decodeUserBroadcastPush(data: Buffer): Incoming | null {
  // [kind, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding] + strings + payload
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const joinRefLength = data[1] ?? 0;
  const refLength = data[2] ?? 0;
  const topicLength = data[3] ?? 0;
  const eventLength = data[4] ?? 0;
  const metaLength = data[5] ?? 0;
  const encoding = data[6];
  let offset = 7;
  const take = (length: number): string => {
    const text = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  };
  if (data.length < offset + joinRefLength + refLength + topicLength + eventLength + metaLength) return null;
  const joinRef = take(joinRefLength);
  const ref = take(refLength);
  const topic = take(topicLength);
  const event = take(eventLength);
  const metaText = take(metaLength);
  const body = data.subarray(offset);
  let meta: JsonObject | null = null;
  try {
    if (metaText !== '') {
      const parsedMeta: unknown = JSON.parse(metaText);
      meta = isObject(parsedMeta) ? (parsedMeta as JsonObject) : null;
    }
    const payload: UserBroadcast['payload'] =
      encoding === ENCODING_JSON
        ? { kind: 'json', value: JSON.parse(body.toString('utf8')) as JsonValue }
        : { kind: 'binary', value: Buffer.from(body) };
    return {
      kind: 'broadcast',
      broadcast: { joinRef: joinRef === '' ? null : joinRef, ref: ref === '' ? null : ref, topic, event, payload, meta },
    };
  } catch {
    return null;
  }
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  }
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/**
 * Server → client user broadcast. vsn 2 gets the binary kind-4 frame realtime-js decodes into
 * `{type: 'broadcast', event, payload, meta?}`; vsn 1 gets the same object as a JSON `broadcast` event
 * (binary payloads cannot be represented there and are dropped, as on hosted).
 */
export function encodeUserBroadcast(
  topic: string,
  event: string,
  payload: UserBroadcast['payload'],
  meta: JsonObject | null,
  vsn: Vsn,
): string | Buffer | null {
  if (vsn === '1.0.0') {
    if (payload.kind === 'binary') return null;
    const body: JsonObject = { type: 'broadcast', event, payload: payload.value };
    if (meta) body.meta = meta;
    return encodeFrame({ joinRef: null, ref: null, topic, event: 'broadcast', payload: body }, vsn);
  }
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  const metaBytes = Buffer.from(meta ? JSON.stringify(meta) : '', 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null;
  const body = payload.kind === 'json' ? Buffer.from(JSON.stringify(payload.value), 'utf8') : payload.value;
  // [kind, len(topic), len(event), len(meta), encoding] + topic + event + meta + payload
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    payload.kind === 'json' ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body]);
}
