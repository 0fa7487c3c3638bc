// Small enhancements; every page works without them.
import "./time-zone.js";
import "./image-preview.js";
import "./filter-autosubmit.js";

document.documentElement.classList.add("js");
