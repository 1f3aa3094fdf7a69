const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
const waiting: (() => void)[] = [];
if (channel) channel.port1.onmessage = () => waiting.shift()?.();

/**
 * The next task, by a MessageChannel message as React's scheduler yields: the browser paints and takes input
 * in between, and unlike a timer or an animation frame it is not slowed or stopped in a background tab.
 */
export const nextTask = (): Promise<void> =>
  new Promise<void>((resolve) => {
    if (!channel) return void setTimeout(resolve, 0);
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
