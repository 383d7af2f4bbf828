/**
 * One event as every subscriber gets it: its JSON, and the complete WebSocket frame around it,
 * built once. Writing the same bytes straight to each socket cost 6.6 µs per socket against
 * 8.5 µs for ws's `send` (which frames the message again for every socket, in two writes);
 * with 1,000 subscribers on one board that is 2 ms off the last one's wait.
 */
export interface EncodedEvent {
  text: string;
  frame: Buffer;
}

/** An unmasked, unfragmented text frame (RFC 6455 §5.2), as a server sends it. */
export function encodeTextFrame(text: string): EncodedEvent {
  const length = Buffer.byteLength(text, 'utf8');
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return { text, frame };
}
