/**
 * Visits every member once per period, a slice at a time: members are dealt round-robin into
 * slots, and each tick visits one slot. Measured (npm run bench, 5,000 sockets): pinging every
 * socket in one turn held the event loop for 190–280 ms every 30 s, and the events delivered in
 * that moment set the p99; in 60 slices each turn pings ~85 sockets (a few milliseconds).
 */
export class HeartbeatWheel<Member> {
  private readonly slots: Set<Member>[];
  private readonly slotOf = new Map<Member, number>();
  private nextSlot = 0;
  private current = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly options: {
      periodMs: number;
      slotCount: number;
      visit: (member: Member) => void;
      /** Once per period, after the last slot. */
      onPeriodEnd?: () => void;
    },
  ) {
    this.slots = Array.from({ length: options.slotCount }, () => new Set<Member>());
  }

  add(member: Member): void {
    if (this.slotOf.has(member)) return;
    const slot = this.nextSlot;
    this.nextSlot = (this.nextSlot + 1) % this.slots.length;
    this.slots[slot]!.add(member);
    this.slotOf.set(member, slot);
  }

  remove(member: Member): void {
    const slot = this.slotOf.get(member);
    if (slot === undefined) return;
    this.slots[slot]!.delete(member);
    this.slotOf.delete(member);
  }

  /** Visits the current slot and moves on; the timer calls it, tests call it directly. */
  tick(): void {
    const slot = this.slots[this.current]!;
    // A visit may remove members (a socket ended): iterate over a copy.
    for (const member of [...slot]) this.options.visit(member);
    this.current = (this.current + 1) % this.slots.length;
    if (this.current === 0) this.options.onPeriodEnd?.();
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.options.periodMs / this.slots.length);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  get size(): number {
    return this.slotOf.size;
  }
}
