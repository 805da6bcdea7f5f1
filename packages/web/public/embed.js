/*
 * Payloft overlay checkout. On any site:
 *   <script src="https://YOUR-PAYLOFT/embed.js" defer></script>
 *   <a href="https://YOUR-PAYLOFT/product/PRODUCT_ID" data-payloft-overlay>Buy</a>
 * A click on such a link opens the product's checkout in an overlay over the page (an affiliate's
 * ?ref= on the link or on the page goes with it). The page
 * never navigates: the payment itself opens in a new tab (a hosted payment page cannot be
 * framed) and the overlay shows the purchase when it is paid. Escape, the close button or a
 * click beside the panel closes it and focus goes back to the link. No dependencies; kept under
 * 5 KB gzipped (a test checks it).
 */
(function () {
  "use strict";
  if (window.__payloftOverlay) return;
  window.__payloftOverlay = true;

  var script = document.currentScript;
  var origin = new URL((script && script.src) || location.href, location.href).origin;
  var state = null;

  // Only links to this Payloft's own sales pages open the overlay (any other link is left alone).
  function target(href) {
    var url;
    try {
      url = new URL(href, location.href);
    } catch (e) {
      return null;
    }
    var m = url.origin === origin && /^\/(?:product|p)\/([^/]+)\/?$/.exec(url.pathname);
    if (!m) return null;
    // An affiliate's ?ref= on the host page (the creator's own site) rides into the overlay,
    // unless the link names its own: the overlay's checkout credits that affiliate.
    var ref = new URLSearchParams(location.search).get("ref");
    if (ref && !url.searchParams.has("ref")) url.searchParams.set("ref", ref);
    return origin + "/overlay/product/" + m[1] + url.search;
  }

  function css(el, rules) {
    for (var k in rules) el.style.setProperty(k, rules[k]);
    return el;
  }

  function open(link, src) {
    if (state) close();
    var phone = window.matchMedia("(max-width: 560px)").matches;
    var root = css(document.createElement("div"), {
      position: "fixed",
      inset: "0",
      "z-index": "2147483647",
      display: "flex",
      "align-items": "center",
      "justify-content": "center",
      background: "rgba(15,23,42,.6)",
      padding: phone ? "0" : "24px",
    });
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-modal", "true");
    root.setAttribute("aria-label", "Checkout");
    root.setAttribute("data-payloft-overlay-root", "");

    var panel = css(document.createElement("div"), {
      position: "relative",
      width: phone ? "100%" : "min(480px,100%)",
      height: phone ? "100%" : "min(760px,100%)",
    });
    var frame = css(document.createElement("iframe"), {
      width: "100%",
      height: "100%",
      border: "0",
      "border-radius": phone ? "0" : "16px",
      background: "#fff",
      "box-shadow": "0 25px 50px -12px rgba(0,0,0,.4)",
    });
    frame.src = src;
    frame.title = "Checkout";
    frame.setAttribute("allow", "payment");

    var button = css(document.createElement("button"), {
      position: "absolute",
      top: phone ? "8px" : "-14px",
      right: phone ? "8px" : "-14px",
      width: "36px",
      height: "36px",
      "border-radius": "999px",
      border: "0",
      background: "#0f172a",
      color: "#fff",
      font: "600 20px/36px system-ui,sans-serif",
      cursor: "pointer",
      "box-shadow": "0 4px 12px rgba(0,0,0,.3)",
    });
    button.type = "button";
    button.setAttribute("aria-label", "Close checkout");
    button.textContent = "\u00d7";
    button.addEventListener("click", close);

    root.addEventListener("click", function (e) {
      if (e.target === root) close();
    });
    panel.appendChild(frame);
    panel.appendChild(button);
    root.appendChild(panel);
    document.body.appendChild(root);

    state = {
      root: root,
      panel: panel,
      phone: phone,
      frame: frame,
      link: link,
      overflow: document.body.style.overflow,
    };
    document.body.style.overflow = "hidden";
    frame.addEventListener("load", function () {
      if (state && state.frame === frame) frame.focus();
    });
    button.focus();
  }

  function close() {
    if (!state) return;
    var s = state;
    state = null;
    s.root.remove();
    document.body.style.overflow = s.overflow;
    if (s.link && s.link.focus) s.link.focus();
  }

  document.addEventListener(
    "click",
    function (e) {
      var link = e.target && e.target.closest && e.target.closest("a[data-payloft-overlay]");
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      var src = target(link.href);
      if (!src) return;
      e.preventDefault();
      open(link, src);
    },
    true,
  );

  // Keyboard focus stays in the overlay (the close button or the frame) while it is open.
  document.addEventListener("focusin", function (e) {
    if (state && !state.root.contains(e.target)) state.root.querySelector("button").focus();
  });

  // Escape on the host page; inside the overlay the frame reports its own Escape.
  document.addEventListener("keydown", function (e) {
    if (state && e.key === "Escape") close();
  });

  window.addEventListener("message", function (e) {
    if (!state || e.origin !== origin || e.source !== state.frame.contentWindow) return;
    var data = e.data || {};
    if (data.type === "payloft:close") close();
    if (data.type === "payloft:height" && !state.phone && data.height > 0) {
      state.panel.style.height = "min(" + Math.ceil(data.height) + "px,100%)";
    }
  });
})();
