import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { Router } from 'express';
import type { UserResolver } from '../auth/user-resolver.service';
import { startSession, superAdminOnly } from './admin-queues.auth';

export const ADMIN_QUEUES_PATH = '/admin/queues';

/**
 * Bull Board under /admin/queues for super admins (scaled mode: the BullMQ queues). In the embedded
 * mode there is no queue to show: the gate still applies, then 404.
 */
export function adminQueuesRouter(queues: Queue[], users: UserResolver): Router {
  const router = Router();
  router.use(superAdminOnly(users));
  router.post('/session', startSession);
  if (queues.length === 0) {
    router.use((_request, response) => {
      response.status(404).json({ message: 'errorNotFound' });
    });
    return router;
  }
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(ADMIN_QUEUES_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: false })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Amplio queues' } },
  });
  router.use(serverAdapter.getRouter() as Router);
  return router;
}
