import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/shared/theme.css';
import { Localized } from '../../components/shared/Localized';
import { OptionsApp } from '../../components/options/OptionsApp';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Localized>
        <OptionsApp />
      </Localized>
    </StrictMode>,
  );
