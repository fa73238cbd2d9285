// The terminal takes the keyboard as soon as it is drawn, and again after a click
// anywhere outside a form: a person's first keys must reach the game, not the page.
(function () {
  "use strict";
  function focusTerminal() {
    var input = document.querySelector("#terminal .xterm-helper-textarea");
    if (input) { input.focus(); return true; }
    return false;
  }
  var tries = 0;
  var timer = setInterval(function () {
    if (focusTerminal() || ++tries > 200) { clearInterval(timer); }
  }, 50);
  document.addEventListener("click", function (event) {
    if (!event.target.closest("form, a")) { focusTerminal(); }
  });
})();
