import { createBrowserRouter, Navigate } from 'react-router-dom';
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
import { NotFoundPage } from './pages/not-found/not-found-page';
import { RunCreationPage } from './pages/run-creation/run-creation-page';
import { RunImportPage } from './pages/run-import/run-import-page';
import { RunInterpretationPage } from './pages/run-interpretation/run-interpretation-page';
import { RunListPage } from './pages/run-list/run-list-page';

/** Every route of SPEC section 2; created after sign-in has put back the requested path. */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '/',
      element: <AppShell />,
      children: [
        { index: true, element: <RunListPage /> },
        { path: 'run/import', element: <RunImportPage /> },
        { path: 'run/configuration', element: <RunCreationPage /> },
        { path: 'run/:id', element: <RunInterpretationPage /> },
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
