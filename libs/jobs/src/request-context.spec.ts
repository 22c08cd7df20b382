import { requestContext, withRequestId } from './request-context';

describe('withRequestId', () => {
  it('adds the current request id to the job data', () => {
    const data = requestContext.run({ requestId: 'req-42' }, () => withRequestId({ importId: 'i1' }));
    expect(data).toEqual({ importId: 'i1', requestId: 'req-42' });
  });

  it('leaves the payload as it is outside a request', () => {
    expect(withRequestId({ importId: 'i1' })).toEqual({ importId: 'i1' });
  });
});
