// A board's state on a screen: whole from a `total` event, then each `change` (the total, the
// count, and only the channels and hours that moved) applied. The twin of BoardTotals.apply.

export function applyChange(state, change) {
  const channels = new Map(state.channels.map((c) => [c.channel, c]));
  for (const c of change.channels) channels.set(c.channel, c);
  const moved = new Map(change.hours.map((h) => [Date.parse(h.start), h.amount]));
  return {
    ...state,
    total: change.total,
    sales: change.sales,
    version: change.version,
    at: change.at,
    channels: sortChannels([...channels.values()]),
    hours: state.hours.map((h) => (moved.has(Date.parse(h.start)) ? { ...h, amount: moved.get(Date.parse(h.start)) } : h)),
  };
}

// Largest first; equal amounts by name.
export function sortChannels(channels) {
  return channels.sort((a, b) => b.amount - a.amount || (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0));
}
