import { FakeApiServer } from '@rxkube/testing';

const s = await FakeApiServer.start({ port: Number(process.env.PORT || 0) });
s.create(
  { version: 'v1', resource: 'pods' },
  {
    metadata: { name: 'p1', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'x' }] },
  },
);
console.log(s.url);
setInterval(() => {}, 1 << 30);
