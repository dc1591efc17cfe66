import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/shared/theme.css';
import { OptionsApp } from '../../components/options/OptionsApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <OptionsApp />
    </StrictMode>,
  );
