// Loaded into a msgapi process by a test (NODE_OPTIONS=--import this file): its event loop is
// kept busy 150 ms of every 200, as on a machine where the generator cannot get a core when it
// needs one. The process then measures what its own machine allows, which msgapi load must say.
setInterval(() => {
  const until = performance.now() + 150;
  while (performance.now() < until);
}, 200).unref();
