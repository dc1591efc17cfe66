import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/theme.css';
import { OptionsApp } from '../../components/OptionsApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <OptionsApp />
    </StrictMode>,
  );
