import { RecordingAnalytics, SwitchableAnalytics } from './analytics';

describe('SwitchableAnalytics', () => {
  it('holds the calls made before the site configuration arrives and hands them to the configured service', () => {
    const analytics = new SwitchableAnalytics();
    analytics.pageView('/about/', 'About');
    analytics.event('scroll', { depth: 50 });
    const service = new RecordingAnalytics();
    analytics.use(service);
    analytics.pageView('/news/', 'News');
    expect(service.events).toEqual([
      { kind: 'pageView', name: '/about/', data: { title: 'About' } },
      { kind: 'event', name: 'scroll', data: { depth: 50 } },
      { kind: 'pageView', name: '/news/', data: { title: 'News' } },
    ]);
  });

  it('drops the held calls when no service is configured, and sends nothing after', () => {
    const analytics = new SwitchableAnalytics();
    analytics.pageView('/about/', 'About');
    analytics.use(null);
    analytics.pageView('/news/', 'News');
    const late = new RecordingAnalytics();
    analytics.use(late);
    expect(late.events).toEqual([]);
  });

  it('holds at most 20 calls while it waits', () => {
    const analytics = new SwitchableAnalytics();
    for (let i = 0; i < 25; i++) analytics.pageView(`/page-${i}/`, 'Page');
    const service = new RecordingAnalytics();
    analytics.use(service);
    expect(service.events.map((event) => event.name)).toEqual(Array.from({ length: 20 }, (_, i) => `/page-${i}/`));
  });
});
