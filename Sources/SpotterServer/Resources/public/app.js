// Small enhancements; every page works without them.
import "./time-zone.js";
import "./image-preview.js";
import "./filter-autosubmit.js";
import "./template-pick.js";
import "./program-wizard.js";
import "./timeline-builder.js";
import "./fresh-page.js";
import "./workout.js";
import "./offline-forms.js";
import "./offline-start.js";
import "./refused-note.js";
import "./service-worker-registration.js";
import "./sign-out.js";
import "./upload-progress.js";
import "./busy-button.js";
import "./copy-button.js";

document.documentElement.classList.add("js");
