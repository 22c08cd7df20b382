import { createBrowserRouter, Navigate } from 'react-router-dom';
import { ScreenLoading } from './components/common/screen-loading';
import { AppShell } from './components/shell/app-shell';
import { AdminPage } from './pages/admin/admin-page';
import { ConfigurationIndex, ConfigurationPage } from './pages/configuration/configuration-page';
import { FtpConfigurationPage } from './pages/ftp-configuration/ftp-configuration-page';
import { KitAnalyserConfigurationPage } from './pages/kit-analyser-configuration/kit-analyser-configuration-page';
import { KitConfigurationPage } from './pages/kit-configuration/kit-configuration-page';
import { LaboratoriesPage } from './pages/laboratories/laboratories-page';
import { LaboratoryAddPage } from './pages/laboratory-add/laboratory-add-page';
import { LaboratoryPage } from './pages/laboratory/laboratory-page';
import { LotConfigurationPage } from './pages/lot-configuration/lot-configuration-page';
import { ResultsLabellingPage } from './pages/results-labelling/results-labelling-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { RunListPage } from './pages/run-list/run-list-page';

/** Every route of SPEC section 2; created after sign-in has put back the requested path. */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      element: <AppShell />,
      HydrateFallback: ScreenLoading,
      children: [
        { index: true, element: <RunListPage /> },
        // Import, creation and interpretation (chart.js) load on first visit.
        {
          path: 'run/import',
          lazy: () =>
            import('./pages/run-import/run-import-page').then((module) => ({
              Component: module.RunImportPage,
            })),
        },
        {
          path: 'run/configuration',
          lazy: () =>
            import('./pages/run-creation/run-creation-page').then((module) => ({
              Component: module.RunCreationPage,
            })),
        },
        {
          path: 'run/:id',
          lazy: () =>
            import('./pages/run-interpretation/run-interpretation-page').then((module) => ({
              Component: module.RunInterpretationPage,
            })),
        },
        { path: 'laboratory', element: <LaboratoryPage /> },
        {
          path: 'admin',
          element: <AdminPage />,
          children: [
            { index: true, element: <Navigate to="configuration" replace /> },
            {
              path: 'configuration',
              element: <ConfigurationPage />,
              children: [
                { index: true, element: <ConfigurationIndex /> },
                { path: 'lot', element: <LotConfigurationPage /> },
                { path: 'kit', element: <KitConfigurationPage /> },
                { path: 'kit/analyser/:kitAnalyserId?', element: <KitAnalyserConfigurationPage /> },
                { path: 'labelling', element: <ResultsLabellingPage /> },
                { path: 'ftp', element: <FtpConfigurationPage /> },
                { path: '*', element: <Navigate to="/404" replace /> },
              ],
            },
            { path: 'laboratories', element: <LaboratoriesPage /> },
            { path: 'add', element: <LaboratoryAddPage /> },
            { path: '*', element: <Navigate to="/404" replace /> },
          ],
        },
        { path: '404', element: <NotFoundPage /> },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
